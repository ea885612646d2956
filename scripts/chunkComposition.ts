// What the start chunks are made of: each chunk's code by origin (a library by its package name, our
// own code, the texts), as shares of the chunk's rendered code before minifying. The build writes it
// outside the site (.tmp/build/composition.json: nothing a browser is served); the benchmark's initial-JS
// row uses it to say where the bytes of a first visit come from.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the last build's composition is, under the repository's root. */
export const COMPOSITION_FILE = '.tmp/build/composition.json';

/** chunk file (assets/…) → origin → share of the chunk (0..1). */
export type Composition = Record<string, Record<string, number>>;

/** A module id's origin: its npm package, our texts (the locale files), or our code. */
export function originOf(id: string): string {
  const at = id.lastIndexOf('node_modules/');
  if (at === -1) return id.includes('/src/i18n/locales/') ? 'our texts' : 'our code';
  const parts = id.slice(at + 'node_modules/'.length).split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? 'our code');
}

/** Shares by origin of one chunk's modules (rendered lengths). */
export function sharesOf(modules: ReadonlyArray<{ id: string; length: number }>): Record<string, number> {
  const total = modules.reduce((sum, m) => sum + m.length, 0);
  const byOrigin: Record<string, number> = {};
  if (total === 0) return byOrigin;
  for (const { id, length } of modules) byOrigin[originOf(id)] = (byOrigin[originOf(id)] ?? 0) + length / total;
  return byOrigin;
}

/** What loaded scripts are made of: each file's bytes (`file`: its path under assets/, or from the root) shared out by its composition, largest first. */
export function madeOf(byFile: ReadonlyArray<{ file: string; gzip: number }>, composition: Composition): Array<{ origin: string; gzip: number }> {
  const sums = new Map<string, number>();
  const add = (origin: string, bytes: number) => sums.set(origin, (sums.get(origin) ?? 0) + bytes);
  for (const { file, gzip } of byFile) {
    const shares = composition[`assets/${file}`];
    if (!shares || Object.keys(shares).length === 0) add(file.startsWith('/') ? 'our code' : 'unknown', gzip);
    else for (const [origin, share] of Object.entries(shares)) add(origin, gzip * share);
  }
  return [...sums].map(([origin, gzip]) => ({ origin, gzip })).sort((a, b) => b.gzip - a.gzip);
}

/** Writes the composition of every JavaScript chunk of the build. */
export function chunkComposition(root: string): Plugin {
  return {
    name: 'binyan-chunk-composition',
    apply: 'build',
    generateBundle(_options, bundle) {
      const composition: Composition = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        composition[file] = sharesOf(Object.entries(output.modules).map(([id, m]) => ({ id, length: m.renderedLength })));
      }
      const file = path.join(root, COMPOSITION_FILE);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(composition));
    },
  };
}
