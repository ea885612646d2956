// Production build: the app (Vite), the service worker as one IIFE, the list of files it keeps on first use,
// then the precache manifest injected into dist/sw.js by workbox-build, and last the brotli and gzip
// copies of the text files (compressAssets.ts) that the server sends instead.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { getManifest, injectManifest } from 'workbox-build';
import { languageOfLocaleChunk } from '../sw/localeChunk';
import { compressAssets } from './compressAssets';
import { NAMESPACE_USE_FILE } from './namespaceUse';
import type { NamespaceUse } from './namespaceUse';
import { localeLanguage, onDemandFiles } from './onDemand';
import type { OnDemand, ViteManifest } from './onDemand';
import { buildStampPath, distDir, isMain, root } from './paths';

const precachePatterns = ['**/*.{html,js,css,json,webmanifest,png,svg,woff2}'];

async function buildApp(): Promise<void> {
  // The Vite manifest tells which chunk each locale file became (checked below, then removed).
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { manifest: true } });
}

async function readViteManifest(): Promise<{ manifest: ViteManifest; namespaceUse: NamespaceUse }> {
  const manifestDir = path.join(distDir, '.vite');
  const manifest = JSON.parse(await readFile(path.join(manifestDir, 'manifest.json'), 'utf8')) as ViteManifest;
  const namespaceUse = JSON.parse(await readFile(path.join(distDir, NAMESPACE_USE_FILE), 'utf8')) as NamespaceUse;
  await rm(manifestDir, { recursive: true, force: true });
  return { manifest, namespaceUse };
}

/** Locale files load lazily, so nothing but this check notices one the phone would not have offline. */
function assertLocalesKept(manifest: ViteManifest, precached: string[], onDemand: OnDemand): number {
  const localeChunks = Object.values(manifest).filter((chunk) => localeLanguage(chunk.src ?? '') !== undefined);
  const missing = localeChunks.filter((chunk) => {
    const language = localeLanguage(chunk.src ?? '') ?? '';
    const pack = onDemand.languagePacks[language];
    // A namespace only screens kept on first use show goes with them (scripts/namespaceUse.ts).
    if (!pack) return !precached.includes(chunk.file) && !onDemand.files.includes(chunk.file);
    // A pack's files are found by their language in the name (sw/localeChunk.ts).
    return !pack.includes(chunk.file) || languageOfLocaleChunk(chunk.file) !== language || precached.includes(chunk.file);
  });
  if (missing.length > 0) throw new Error(`locale chunks neither precached nor in their language pack: ${missing.map((c) => c.src).join(', ')}`);
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

const ON_DEMAND_PLACEHOLDER = 'self.__BINYAN_ON_DEMAND';

function precacheConfig(onDemand: OnDemand) {
  return {
    globDirectory: distDir,
    globPatterns: precachePatterns,
    // Kept by the service worker on first use instead (scripts/onDemand.ts, sw/onDemand.ts).
    globIgnores: ['sw.js', '.build-stamp', '.vite/**', ...onDemand.files],
    // Hashed file names already change with their content.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  };
}

/** The on-demand list goes where sw/sw.ts reads `self.__BINYAN_ON_DEMAND`. */
async function injectOnDemandList(onDemand: OnDemand): Promise<void> {
  const swPath = path.join(distDir, 'sw.js');
  const source = await readFile(swPath, 'utf8');
  const uses = source.split(ON_DEMAND_PLACEHOLDER).length - 1;
  if (uses !== 1) throw new Error(`expected ${ON_DEMAND_PLACEHOLDER} once in sw.js, found ${uses}`);
  await writeFile(
    swPath,
    source.replace(ON_DEMAND_PLACEHOLDER, () => JSON.stringify(onDemand)),
  );
}

async function injectPrecacheManifest(onDemand: OnDemand): Promise<{ count: number; size: number; urls: string[] }> {
  const swPath = path.join(distDir, 'sw.js');
  const config = precacheConfig(onDemand);
  const listed = await getManifest(config);
  const result = await injectManifest({ ...config, swSrc: swPath, swDest: swPath });
  for (const warning of result.warnings) console.warn(`workbox: ${warning}`);
  return { count: result.count, size: result.size, urls: listed.manifestEntries?.map((entry) => entry.url) ?? [] };
}

export async function buildAll(): Promise<void> {
  const started = Date.now();
  await buildApp();
  const { manifest: vite, namespaceUse } = await readViteManifest();
  const onDemand = onDemandFiles(vite, undefined, namespaceUse);
  await buildServiceWorker();
  await injectOnDemandList(onDemand);
  const manifest = await injectPrecacheManifest(onDemand);
  if (!manifest.urls.includes('index.html')) throw new Error('index.html is missing from the precache manifest');
  const locales = assertLocalesKept(vite, manifest.urls, onDemand);
  // After every change to the files (sw.js took its manifest last): a copy must never be older than its file.
  const compressed = await compressAssets(distDir);
  await writeFile(buildStampPath, `${new Date().toISOString()}\n`);
  const kib = (bytes: number) => Math.round(bytes / 1024);
  console.log(
    `built dist/ in ${Date.now() - started} ms; precache: ${manifest.count} files (${locales} locale chunks in all), ${kib(manifest.size)} KiB; on first use: ${onDemand.files.length} files; ` +
      `${compressed.files} text files ${kib(compressed.bytes)} KiB → brotli ${kib(compressed.brotliBytes)} KiB, gzip ${kib(compressed.gzipBytes)} KiB`,
  );
}

if (isMain(import.meta.url)) {
  buildAll().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
