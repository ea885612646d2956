// What a sign-in opens, loaded on demand (issue 13): the signed-in frame (with Dexie and the sync
// engine) and the preparation after sign-in. A started sign-in preloads them (`modulepreload`) while
// the code is on its way, on the sign-in page alone (LoginApp.tsx) and inside the router alike.
import type { TakeDayProgress } from '../session/takeDayOffline';
import { preloadable } from './lazyScreen';
import { frameNamespaces } from './startTexts';

export const appLayout = preloadable(() => import('./AppLayout').then((m) => ({ default: m.AppLayout })), { namespaces: frameNamespaces });
const loadAfterLogin = () => import('./afterLogin');

export async function prepareAfterLogin(onProgress: (p: Pick<TakeDayProgress, 'done' | 'total'>) => void): Promise<void> {
  const { prepareAfterLogin: prepare } = await loadAfterLogin();
  await prepare(onProgress);
}

export function preloadSignedIn(): void {
  void appLayout.preload().catch(() => undefined);
  void loadAfterLogin().catch(() => undefined);
}
