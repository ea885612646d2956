// The site the bench serves: a copy of the real dist/ (app + service worker, for rows 1-3) plus the
// browser harness under /bench/ (rows 4-7), built with Vite into .tmp/bench-dist, never into dist/.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { buildAll } from '../build';
import { buildInputs, buildStampPath, distDir, root } from '../paths';
import { isBuildStale } from '../staleness';

export const benchDist = path.join(root, '.tmp/bench-dist');
const harnessDir = path.join(root, 'bench/harness');

async function buildHarness(outDir: string, readable: boolean): Promise<void> {
  await build({
    root: harnessDir,
    base: '/bench/',
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    worker: { format: 'es' },
    // Readable (unminified) for --profile, so a profile names the app's functions.
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: !readable, sourcemap: false, rollupOptions: { input: path.join(harnessDir, 'index.html') } },
  });
  // The reference queue (workbox-background-sync) needs a service worker: one IIFE like dist/sw.js.
  await build({
    root,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: { entry: path.join(harnessDir, 'sw/queueSw.ts'), formats: ['iife'], name: 'benchQueueWorker', fileName: () => 'queue-sw.js' },
    },
  });
}

/**
 * Builds dist/ when asked or stale, copies it, and adds the harness. Returns the directory to serve.
 * `keepApp` reuses the app copied by an earlier run (only the harness is rebuilt).
 */
export async function prepareSite(options: { buildApp: boolean; keepApp?: boolean; readable?: boolean }): Promise<string> {
  const reuse = options.keepApp === true && existsSync(path.join(benchDist, 'sw.js'));
  if (!reuse) {
    if (options.buildApp || isBuildStale(buildStampPath, buildInputs)) await buildAll();
    if (!existsSync(path.join(distDir, 'index.html'))) throw new Error('dist/ has no build');
    rmSync(benchDist, { recursive: true, force: true });
    cpSync(distDir, benchDist, { recursive: true });
  }
  await buildHarness(path.join(benchDist, 'bench'), options.readable === true);
  return benchDist;
}
