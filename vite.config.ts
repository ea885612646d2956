import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localeChunkName } from './sw/localeChunk.ts';
import { readdirSync } from 'node:fs';
import { chunkComposition } from './scripts/chunkComposition.ts';
import { namespaceUse } from './scripts/namespaceUse.ts';
import { startChunks } from './scripts/startChunks.ts';
import { englishHashes } from './scripts/englishHashesPlugin.ts';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8081';
const starts = startChunks(import.meta.dirname);
const LOCALE_SOURCE = /\/locales\/([a-z]{2})\/([\w-]+)\.json$/;
const localeNamespaces = () =>
  readdirSync(`${import.meta.dirname}/src/i18n/locales/en`)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));

export default defineConfig({
  plugins: [react(), englishHashes(import.meta.dirname), starts.plugin, chunkComposition(import.meta.dirname), namespaceUse(localeNamespaces)],
  resolve: {
    // React Router's package resolves to its development build under every condition; its production build drops the dev-only warnings.
    alias: [
      { find: /^react-router$/, replacement: `${import.meta.dirname}/node_modules/react-router/dist/production/index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${import.meta.dirname}/node_modules/react-router/dist/production/dom-export.mjs` },
    ],
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // Locale files are read whole (`module.default`, src/i18n/catalog.ts): one named export per key would
  // carry every key name twice in each locale chunk.
  json: { namedExports: false },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: {
      output: {
        codeSplitting: { groups: starts.groups },
        // Locale files carry their language in the name: the service worker keeps language packs by it.
        chunkFileNames: (chunk) => {
          const locale = LOCALE_SOURCE.exec(chunk.facadeModuleId ?? '');
          return locale?.[1] && locale[2] ? localeChunkName(locale[1], locale[2]) : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});
