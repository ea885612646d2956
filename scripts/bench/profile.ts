// `--profile`: CPU profiles of the rows (Chromium's page through CDP, the server with --cpu-prof),
// written to .tmp/bench-profiles/ and summarised as the functions with the most self time, so a missed
// target comes with what dominates it.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { root } from '../paths';

export const profileDir = path.join(root, '.tmp/bench-profiles');

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** The functions with the most self time, as `share% ms name (file:line)` lines. */
export function topSelfTime(profile: CpuProfile, limit = 12): string[] {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = byNode.get(node.id) ?? 0;
    if (us === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? `${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'}${file ? ` (${file})` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  const total = [...byFunction.values()].reduce((s, v) => s + v, 0);
  return [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}% ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
}

/** Functions whose code matches `own` by inclusive time (self + callees): where our code spends it. */
export function topInclusive(profile: CpuProfile, own: RegExp, limit = 15): string[] {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const keyOf = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} (${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1})`;
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((leaf, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    total += us;
    const seen = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id);
      if (!node || !own.test(node.callFrame.url)) continue;
      const key = keyOf(node);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  });
  return [...inclusive.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}% ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
}

function save(name: string, profile: CpuProfile): string {
  mkdirSync(profileDir, { recursive: true });
  const file = path.join(profileDir, `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

export function report(name: string, profile: CpuProfile, own = /\/(src|server\/src)\//): void {
  const file = save(name, profile);
  console.log(`\n  profile ${path.relative(root, file)} (${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms), top self time:`);
  for (const line of topSelfTime(profile)) console.log(`  ${line}`);
  console.log('  our code by inclusive time:');
  for (const line of topInclusive(profile, own)) console.log(`  ${line}`);
}

/** Runs `work` under the page's CPU profiler and reports the profile. */
export async function profilePage<T>(page: Page, name: string, work: () => Promise<T>, own?: RegExp): Promise<T> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    report(name, profile, own);
    await cdp.detach();
  }
}

/** The newest .cpuprofile a process wrote into `dir` with --cpu-prof (the server at exit). */
export function reportNewestIn(dir: string, name: string): void {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const largest = files.map((f) => path.join(dir, f)).sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0];
  if (largest) report(name, JSON.parse(readFileSync(largest, 'utf8')) as CpuProfile);
}
