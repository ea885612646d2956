// The precached build files are read by the browser straight from the precache (static routing,
// `InstallEvent.addRoutes`): an offline start asks for some 80 scripts, and each one otherwise waits
// for this worker's fetch handler. Only the files this version precached: anything else (the files kept
// on first use, the API, images) still goes through the fetch handler.
import type { PrecacheEntry } from 'workbox-precaching';

type RouterCondition = { urlPattern: string } | { or: RouterCondition[] };
type RouterRule = { condition: RouterCondition; source: { cacheName: string } };
type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void> };

const BUILD_FILE = /^\/?assets\//;

/** A path as a URLPattern that matches it alone (the pattern syntax's own characters escaped). */
function exactPattern(path: string): string {
  return path.replace(/[\\:*?()[\]{}+]/g, '\\$&');
}

/** The rule for these manifest entries: their build files, from the precache named `cacheName`. */
export function precachedAssetsRule(manifest: ReadonlyArray<PrecacheEntry | string>, cacheName: string): RouterRule | null {
  const paths = manifest
    .map((entry) => (typeof entry === 'string' ? entry : entry.url))
    .filter((url) => BUILD_FILE.test(url))
    .map((url) => `/${url.replace(/^\//, '')}`);
  if (paths.length === 0) return null;
  return { condition: { or: paths.map((path) => ({ urlPattern: exactPattern(path) })) }, source: { cacheName } };
}

export function routePrecachedAssets(sw: ServiceWorkerGlobalScope, manifest: ReadonlyArray<PrecacheEntry | string>, cacheName: string): void {
  const rule = precachedAssetsRule(manifest, cacheName);
  sw.addEventListener('install', (event) => {
    const install = event as InstallEventWithRoutes;
    // A browser without static routing, or one that refuses the rule, serves them by the fetch handler.
    if (rule && typeof install.addRoutes === 'function') event.waitUntil(install.addRoutes(rule).catch(() => undefined));
  });
}
