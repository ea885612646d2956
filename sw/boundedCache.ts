// A Workbox plugin that keeps a runtime cache to a fixed number of entries (oldest out first) and
// keys entries without the session token, so a re-login does not duplicate every cached image.
import type { StrategyOptions } from 'workbox-strategies';

type WorkboxPlugin = NonNullable<StrategyOptions['plugins']>[number];

export function withoutParam(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete(name);
  return parsed.href;
}

export function boundedCache(cacheName: string, maxEntries: number, dropParam: string): WorkboxPlugin {
  return {
    cacheKeyWillBeUsed: async ({ request }) => withoutParam(request.url, dropParam),
    cacheDidUpdate: async () => {
      const cache = await caches.open(cacheName);
      const keys = await cache.keys();
      // Cache keys come back in insertion order.
      await Promise.all(keys.slice(0, Math.max(0, keys.length - maxEntries)).map((key) => cache.delete(key)));
    },
  };
}
