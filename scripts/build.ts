// Production build: the app (Vite), the service worker as one IIFE, then the precache manifest
// injected into dist/sw.js by workbox-build.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { getManifest, injectManifest } from 'workbox-build';
import { buildStampPath, distDir, isMain, root } from './paths';

const precachePatterns = ['**/*.{html,js,css,json,webmanifest,png,svg,woff2}'];

async function buildApp(): Promise<void> {
  // The Vite manifest tells which chunk each locale file became (checked below, then removed).
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { manifest: true } });
}

type ViteManifest = Record<string, { file: string; src?: string }>;

/** Locale JSON files load lazily, so nothing but this check notices one missing from the precache. */
async function assertLocalesPrecached(precached: string[]): Promise<number> {
  const manifestDir = path.join(distDir, '.vite');
  const manifest = JSON.parse(await readFile(path.join(manifestDir, 'manifest.json'), 'utf8')) as ViteManifest;
  await rm(manifestDir, { recursive: true, force: true });
  const localeChunks = Object.values(manifest).filter((chunk) => /(^|\/)locales\/.+\.json$/.test(chunk.src ?? ''));
  const missing = localeChunks.filter((chunk) => !precached.includes(chunk.file));
  if (missing.length > 0) throw new Error(`locale chunks missing from the precache: ${missing.map((c) => c.src).join(', ')}`);
  return localeChunks.length;
}

async function buildServiceWorker(): Promise<void> {
  await build({
    root,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    // Workbox reads process.env.NODE_ENV; without this the bundle references `process` and crashes.
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: distDir,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: { entry: path.join(root, 'sw/sw.ts'), formats: ['iife'], name: 'binyanServiceWorker', fileName: () => 'sw.js' },
    },
  });
}

const precacheConfig = {
  globDirectory: distDir,
  globPatterns: precachePatterns,
  // pdf.js (its chunk and a 1.2 MB worker, not matched by the patterns) is not installed with the app: the
  // service worker keeps it when the first PDF is shown (sw/sw.ts), so a viewed document opens offline.
  globIgnores: ['sw.js', '.build-stamp', '.vite/**', 'assets/PdfViewer-*.js'],
  // Hashed file names already change with their content.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
};

async function injectPrecacheManifest(): Promise<{ count: number; size: number; urls: string[] }> {
  const swPath = path.join(distDir, 'sw.js');
  const listed = await getManifest(precacheConfig);
  const result = await injectManifest({ ...precacheConfig, swSrc: swPath, swDest: swPath });
  for (const warning of result.warnings) console.warn(`workbox: ${warning}`);
  return { count: result.count, size: result.size, urls: listed.manifestEntries?.map((entry) => entry.url) ?? [] };
}

export async function buildAll(): Promise<void> {
  const started = Date.now();
  await buildApp();
  await buildServiceWorker();
  const manifest = await injectPrecacheManifest();
  if (!manifest.urls.includes('index.html')) throw new Error('index.html is missing from the precache manifest');
  const locales = await assertLocalesPrecached(manifest.urls);
  await writeFile(buildStampPath, `${new Date().toISOString()}\n`);
  const kb = Math.round(manifest.size / 1024);
  console.log(`built dist/ in ${Date.now() - started} ms; precache: ${manifest.count} files (${locales} locale chunks), ${kb} KiB`);
}

if (isMain(import.meta.url)) {
  buildAll().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
