import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import type { Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { seedLarge } from '../seed/seedLarge.ts';

let dir = '';
let db: Db | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
  rmSync(dir, { recursive: true, force: true });
});

const count = (d: Db, table: 'service_calls' | 'buildings' | 'apartments') =>
  Number(d.first(d.q.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')))?.n ?? 0);

describe('database', () => {
  it('migrates once, records migrations, runs in WAL mode and seeds only an empty database', async () => {
    dir = mkdtempSync(join(tmpdir(), 'binyan-db-'));
    const path = join(dir, 'db.sqlite');
    db = openDatabase(path);
    expect(await migrateToLatest(db)).toEqual(['001_init', '002_lookup_indexes', '003_session_cookie', '004_feedback', '005_sign_in_limits', '006_uploads_deposit', '007_idempotency_user']);
    // Durable commits: an answered change survives a power cut.
    expect(db.pragma('synchronous')).toBe(2); // FULL
    expect(await migrateToLatest(db)).toEqual([]);
    expect(seedIfEmpty(db, new Date('2025-01-01T08:00:00Z'))).toBe(true);
    const calls = count(db, 'service_calls');
    expect(seedIfEmpty(db, new Date())).toBe(false);
    expect(count(db, 'service_calls')).toBe(calls);
    expect(existsSync(`${path}-wal`)).toBe(true);
    await db.close();

    db = openDatabase(path);
    expect(await migrateToLatest(db)).toEqual([]);
    expect(count(db, 'buildings')).toBe(7);
  });

  it('seeds deterministically and adds bulk data for benchmarks', async () => {
    dir = mkdtempSync(join(tmpdir(), 'binyan-db-'));
    const snapshot = async (name: string) => {
      const d = openDatabase(join(dir, name));
      await migrateToLatest(d);
      seedIfEmpty(d, new Date('2025-01-01T08:00:00Z'));
      const rows = d.all(d.q.selectFrom('apartments').select(['id', 'number', 'area']).orderBy('id'));
      return { d, rows };
    };
    const a = await snapshot('a.sqlite');
    const b = await snapshot('b.sqlite');
    expect(a.rows).toEqual(b.rows);
    await b.d.close();
    db = a.d;
    const before = count(db, 'service_calls');
    const result = seedLarge(db, { buildings: 3, serviceCalls: 500 });
    expect(result.buildingIds).toHaveLength(3);
    expect(count(db, 'service_calls')).toBe(before + 500);
    expect(count(db, 'apartments')).toBeGreaterThan(80);
  });
});
