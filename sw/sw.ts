// The service worker: the precached app shell (offline start), navigation fallback to index.html,
// cached images, files kept on first use, and the replay triggers of the sync layer.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { cacheNames } from 'workbox-core';
import { IMAGE_CACHE } from '../src/lib/imageCache';
import { boundedCache } from './boundedCache';
import { registerOnDemand } from './onDemand';
import { routePrecachedAssets } from './precachedAssets';
import type { OnDemandList } from './localeChunk';
import { registerPushNotifications } from './pushNotifications';
import { registerReplayTriggers, skipWaitingWhenIdle } from './replayTriggers';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string>; __BINYAN_ON_DEMAND: OnDemandList };

const IMAGE_CACHE_MAX_ENTRIES = 300;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// Images load by the session cookie (no token in the URL), so one URL is one image across sign-ins. The
// answers say `Vary: Cookie, Authorization` and `private` for shared caches; this cache is the
// device's own, so it ignores Vary (an offline read has no credentials to compare). A token left in
// an older URL is dropped from the key.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname === '/api/files/getImg',
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [boundedCache(IMAGE_CACHE, IMAGE_CACHE_MAX_ENTRIES, 'sessionToken')],
  }),
);

// Language packs, pdf.js, charts, Excel export, online-only office screens and their texts: kept on first use.
const onDemand = self.__BINYAN_ON_DEMAND;
registerOnDemand(self, onDemand);
routePrecachedAssets(self, onDemand, cacheNames.precache);

// A new version waits until the page says so: the page only asks when no replay is in flight.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    event.waitUntil(skipWaitingWhenIdle(self));
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

registerReplayTriggers(self);
registerPushNotifications(self);
