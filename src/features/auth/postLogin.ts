// After sign-in (issue 4): ask the browser to keep our data, take the day offline with visible
// progress, and replay what this user left pending before the last logout.
import { requestReplayNow } from '../../session/syncController';
import { requestPersistentStorage } from '../sync/storage';
import { takeDayOffline } from '../sync/takeDayOffline';
import { api, callWithRelogin } from '../../session/api';

export type OfflineProgress = { done: number; total: number };

export async function prepareAfterLogin(onProgress: (p: OfflineProgress) => void): Promise<void> {
  await requestPersistentStorage();
  requestReplayNow();
  try {
    await callWithRelogin(() => takeDayOffline(api, { onProgress: ({ done, total }) => onProgress({ done, total }) }));
  } catch {
    // Offline right after sign-in: the screens load what they can and the Sync screen can retry.
  }
}
