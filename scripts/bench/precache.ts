// Row 2: the bytes of every entry of the precache manifest injected into sw.js (what a phone downloads
// when the service worker installs), and what it keeps on first use instead.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext } from './context';
import { kb } from './stats';
import type { BenchRow } from './table';

const TARGET = 1.5 * 1024 * 1024;

type Entry = { url: string; revision: string | null };

export function precacheEntries(siteDir: string): Entry[] {
  const source = readFileSync(path.join(siteDir, 'sw.js'), 'utf8');
  const found = /\[\{"revision":.*?\}\]/s.exec(source);
  if (!found) throw new Error('no injected precache manifest in sw.js');
  return JSON.parse(found[0]) as Entry[];
}

/** The files the service worker keeps on first use instead (scripts/onDemand.ts). */
export function onDemandEntries(siteDir: string): string[] {
  const source = readFileSync(path.join(siteDir, 'sw.js'), 'utf8');
  const found = /\{"files":(\[.*?\]),"languagePacks"/s.exec(source);
  if (!found?.[1]) throw new Error('no on-demand list in sw.js');
  return JSON.parse(found[1]) as string[];
}

export async function measurePrecache(ctx: BenchContext): Promise<BenchRow> {
  const entries = precacheEntries(ctx.siteDir);
  const sizes = entries.map((e) => ({ url: e.url, bytes: statSync(path.join(ctx.siteDir, e.url)).size }));
  const total = sizes.reduce((s, e) => s + e.bytes, 0);
  const byKind = (re: RegExp) => sizes.filter((e) => re.test(e.url)).reduce((s, e) => s + e.bytes, 0);
  const largest = [...sizes].sort((a, b) => b.bytes - a.bytes).slice(0, 3);
  const onDemand = onDemandEntries(ctx.siteDir);
  const onDemandBytes = onDemand.reduce((s, file) => s + statSync(path.join(ctx.siteDir, file)).size, 0);
  return {
    figure: 'precache size',
    how: `${entries.length} manifest entries (JS ${kb(byKind(/\.js$/))}, images ${kb(byKind(/\.(png|svg)$/))}, CSS ${kb(byKind(/\.css$/))}), uncompressed; kept on first use instead: ${onDemand.length} files, ${kb(onDemandBytes)} (English, French and Russian language packs, charts, Excel export, pdf.js, online-only office screens and the texts only they show)`,
    result: kb(total),
    reference: '—',
    ratio: '—',
    target: '≤ 1.5 MB',
    verdict: total <= TARGET ? 'met' : 'missed',
    values: {
      entries: entries.length,
      bytes: total,
      onDemandFiles: onDemand.length,
      onDemandBytes,
      largest: largest.map((e) => `${e.url} ${e.bytes}`).join(', '),
    },
  };
}
