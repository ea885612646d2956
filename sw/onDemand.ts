// Files kept on first use instead of installed with the app (scripts/onDemand.ts decides which; the
// build writes the list over `self.__BINYAN_ON_DEMAND`): language packs, one feature's library, the
// office screens that work online only. A pack the user already had is fetched again by a new
// version's install, so an update never leaves a French or Russian user without texts offline.
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { packFilesToKeep } from './localeChunk';
import type { OnDemandList } from './localeChunk';

export const ON_DEMAND_CACHE = 'binyan-on-demand';
/** Earlier versions kept pdf.js here; its files are on demand now. */
const RETIRED_CACHES = ['binyan-pdf-viewer'];

export function registerOnDemand(sw: ServiceWorkerGlobalScope, list: OnDemandList): void {
  const files = new Set(list.files.map((file) => `/${file}`));
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === sw.location.origin && files.has(url.pathname),
    new CacheFirst({ cacheName: ON_DEMAND_CACHE }),
  );

  /** Fetches the files not cached yet; one that cannot be fetched now is fetched when next asked online. */
  async function keep(wanted: readonly string[]): Promise<void> {
    const cache = await caches.open(ON_DEMAND_CACHE);
    const held = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
    await cache.addAll(wanted.map((file) => `/${file}`).filter((path) => !held.has(path))).catch(() => undefined);
  }

  sw.addEventListener('install', (event) => {
    event.waitUntil(
      (async () => {
        const cache = await caches.open(ON_DEMAND_CACHE);
        await keep(
          packFilesToKeep(
            (await cache.keys()).map((request) => request.url),
            list,
          ),
        );
      })(),
    );
  });

  // The page asks for the pack of the language in use (src/app/registerServiceWorker.ts).
  sw.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== 'KEEP_LANGUAGE_PACK' || !('language' in data)) return;
    const pack = typeof data.language === 'string' ? list.languagePacks[data.language] : undefined;
    if (pack) event.waitUntil(keep(pack));
  });

  // Not in waitUntil: held on cache work, activation kept the page's reload under the new version
  // waiting (tests/e2e/sync-sw-update.spec.ts failed 4 runs in 10). A cleanup cut short is finished by
  // the next version's activation.
  sw.addEventListener('activate', () => {
    void (async () => {
      await Promise.all(RETIRED_CACHES.map((name) => caches.delete(name)));
      const cache = await caches.open(ON_DEMAND_CACHE);
      const stale = (await cache.keys()).filter((request) => !files.has(new URL(request.url).pathname));
      await Promise.all(stale.map((request) => cache.delete(request)));
    })().catch(() => undefined);
  });
}
