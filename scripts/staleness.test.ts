import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuildStale } from './staleness';

const dirs: string[] = [];
function tempTree() {
  const dir = mkdtempSync(path.join(tmpdir(), 'binyan-stale-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'src/deep'), { recursive: true });
  writeFileSync(path.join(dir, 'src/deep/a.ts'), '');
  const stamp = path.join(dir, 'stamp');
  writeFileSync(stamp, '');
  const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);
  return { dir, stamp, at, src: path.join(dir, 'src'), file: path.join(dir, 'src/deep/a.ts') };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('build staleness', () => {
  it('is stale without a build stamp', () => {
    const t = tempTree();
    expect(isBuildStale(path.join(t.dir, 'missing'), [t.src])).toBe(true);
  });

  it('is fresh when every input is older than the stamp', () => {
    const t = tempTree();
    for (const p of [t.file, path.join(t.src, 'deep'), t.src]) t.at(p, 1_000);
    t.at(t.stamp, 2_000);
    expect(isBuildStale(t.stamp, [t.src, path.join(t.dir, 'absent.html')])).toBe(false);
  });

  it('is stale when a nested input changed after the build', () => {
    const t = tempTree();
    for (const p of [path.join(t.src, 'deep'), t.src]) t.at(p, 1_000);
    t.at(t.stamp, 2_000);
    t.at(t.file, 3_000);
    expect(isBuildStale(t.stamp, [t.src])).toBe(true);
  });
});
