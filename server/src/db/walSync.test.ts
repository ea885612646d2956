import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { walSync } from './walSync.ts';

const dirs: string[] = [];
const logIn = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'binyan-walsync-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite-wal');
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('walSync', () => {
  it('syncs once for the commits made while a sync runs, after it (never with the one under way)', async () => {
    const log = logIn();
    writeFileSync(log, 'frames');
    const sync = walSync(log);
    const first = sync.durable();
    const second = sync.durable();
    const third = sync.durable();
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    await Promise.all([first, second, third]);
    // Nothing under way: a new commit starts its own sync.
    const fourth = sync.durable();
    expect(fourth).not.toBe(second);
    await fourth;
    await sync.close();
  });

  it('refuses while the log cannot be synced, and syncs once it can', async () => {
    const log = logIn();
    const sync = walSync(log);
    await expect(sync.durable()).rejects.toThrow(/ENOENT/);
    writeFileSync(log, 'frames');
    await expect(sync.durable()).resolves.toBeUndefined();
    await sync.close();
  });
});
