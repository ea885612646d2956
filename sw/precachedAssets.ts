// The precached build files are read by the browser straight from the precache (static routing,
// `InstallEvent.addRoutes`): an offline start asks for some 80 scripts, and each one otherwise waits
// for this worker's fetch handler. The files kept on first use (onDemand.ts) still go through the fetch
// handler, which keeps them; so does everything outside /assets/ (the API, images, the pages).
// Few patterns on purpose: the browser matches each request of a page against them, and one exact
// pattern per precached file (268) cost every page ~30 ms before its first file arrived.
import { localeChunksPattern } from './localeChunk';
import type { OnDemandList } from './localeChunk';

type RouterCondition = { urlPattern: string } | { or: RouterCondition[] };
type RouterSource = 'fetch-event' | { cacheName: string };
export type RouterRule = { condition: RouterCondition; source: RouterSource };
type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void> };

/** A path as a URLPattern that matches it alone (the pattern syntax's own characters escaped). */
function exactPattern(path: string): string {
  return path.replace(/[\\:*?()[\]{}+]/g, '\\$&');
}

/** The rules, in order (the first that matches decides): files kept on first use, then the precache. */
export function assetRules(onDemand: OnDemandList, cacheName: string): RouterRule[] {
  const packFiles = new Set(Object.values(onDemand.languagePacks).flat());
  const packs = Object.keys(onDemand.languagePacks).map(localeChunksPattern);
  const others = onDemand.files.filter((file) => !packFiles.has(file)).map((file) => exactPattern(`/${file}`));
  const keptOnFirstUse = [...packs, ...others].map((urlPattern) => ({ urlPattern }));
  return [
    ...(keptOnFirstUse.length > 0 ? [{ condition: { or: keptOnFirstUse }, source: 'fetch-event' as const }] : []),
    { condition: { urlPattern: '/assets/*' }, source: { cacheName } },
  ];
}

export function routePrecachedAssets(sw: ServiceWorkerGlobalScope, onDemand: OnDemandList, cacheName: string): void {
  const rules = assetRules(onDemand, cacheName);
  sw.addEventListener('install', (event) => {
    const install = event as InstallEventWithRoutes;
    // A browser without static routing, or one that refuses the rules, serves them by the fetch handler.
    if (typeof install.addRoutes === 'function') event.waitUntil(install.addRoutes(rules).catch(() => undefined));
  });
}
