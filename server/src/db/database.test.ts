import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/engine.ts';
import { newTestDatabase } from '../../test/engine.ts';
import { localFileStore } from '../files/fileStore.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { seedLarge } from '../seed/seedLarge.ts';
import type { Database, Db } from './database.ts';
import { migrateToLatest, migrationNames } from './migrate.ts';
import { openDatabase } from './open.ts';
import type { SqliteDatabase } from './sqlite.ts';

const opened: Database[] = [];
const created: TestDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  for (const t of created.splice(0)) await t.dispose();
});

async function fresh(): Promise<TestDatabase> {
  const t = await newTestDatabase({ seeded: false });
  created.push(t);
  return t;
}

function open(t: TestDatabase): Database {
  const db = openDatabase(t.database);
  opened.push(db);
  return db;
}

const count = async (d: Db, table: 'service_calls' | 'buildings' | 'apartments') =>
  Number((await d.first(d.q.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))))?.n ?? 0);

const ALL_MIGRATIONS = migrationNames;

describe('database', () => {
  it('migrates once, records migrations, commits durably and seeds only an empty database', async () => {
    const t = await fresh();
    const files = localFileStore(t.filesDir);
    let db = open(t);
    expect(await migrateToLatest(db, files)).toEqual(ALL_MIGRATIONS);
    if (db.engine === 'sqlite') {
      // Durable commits: an answered change survives a power cut. COMMIT writes the log (NORMAL), and the
      // log is synced off the event loop before the answer (db/walSync.ts).
      expect((db as SqliteDatabase).pragma('synchronous')).toBe(1); // NORMAL
      expect(existsSync(`${t.database}-wal`)).toBe(true);
    } else {
      // Transactions are serializable: concurrent requests end as if they ran one at a time.
      const isolation = await db.tx((tx) => tx.first({ compile: () => sql<{ transaction_isolation: string }>`SHOW transaction_isolation`.compile(tx.q) }));
      expect(isolation?.transaction_isolation).toBe('serializable');
    }
    expect(await migrateToLatest(db, files)).toEqual([]);
    expect(await seedIfEmpty(db, files, new Date('2025-01-01T08:00:00Z'))).toBe(true);
    const calls = await count(db, 'service_calls');
    expect(await seedIfEmpty(db, files, new Date())).toBe(false);
    expect(await count(db, 'service_calls')).toBe(calls);
    await db.close();
    opened.splice(0);

    db = open(t);
    expect(await migrateToLatest(db, files)).toEqual([]);
    expect(await count(db, 'buildings')).toBe(7);
  });

  it('seeds deterministically and adds bulk data for benchmarks', async () => {
    const snapshot = async () => {
      const t = await fresh();
      const files = localFileStore(t.filesDir);
      const d = open(t);
      await migrateToLatest(d, files);
      await seedIfEmpty(d, files, new Date('2025-01-01T08:00:00Z'));
      const rows = await d.all(d.q.selectFrom('apartments').select(['id', 'number', 'area']).orderBy('id'));
      return { d, rows };
    };
    const a = await snapshot();
    const b = await snapshot();
    expect(a.rows).toEqual(b.rows);
    const db = a.d;
    const before = await count(db, 'service_calls');
    const result = await seedLarge(db, { buildings: 3, serviceCalls: 500 });
    expect(result.buildingIds).toHaveLength(3);
    expect(await count(db, 'service_calls')).toBe(before + 500);
    expect(await count(db, 'apartments')).toBeGreaterThan(80);
  });

  it('answers whether the database is healthy (GET /api/health): yes while open, no once closed', async () => {
    const db = openDatabase((await fresh()).database);
    expect(await db.healthy()).toBe(true);
    await db.close();
    expect(await db.healthy()).toBe(false);
  });

  it('keeps file bytes in the file store, one directory per company, not in the rows', async () => {
    const t = await fresh();
    const files = localFileStore(t.filesDir);
    const db = open(t);
    await migrateToLatest(db, files);
    await seedIfEmpty(db, files, new Date('2025-01-01T08:00:00Z'));
    const rows = await db.all(db.q.selectFrom('files').selectAll().orderBy('id'));
    const ids = rows.map((r) => [r.id, r.companyId]);
    expect(ids).toContainEqual(['seed-photo-1001', 1001]);
    expect(ids).toContainEqual(['seed-photo-2002', 2002]);
    expect(ids).toContainEqual(['seed-meter-1001-1', 1001]);
    expect(ids).toContainEqual(['seed-doc-bylaws-101-file', 1001]);
    for (const row of rows) {
      expect(Object.keys(row)).not.toContain('data');
      expect((await files.get(row.companyId, row.sha256))?.length).toBe(row.size);
      expect(existsSync(`${t.filesDir}/${row.companyId}/${row.sha256}`)).toBe(true);
    }
  });

  it('commits a group of transactions together, each still undone alone when it fails, others waiting for the group', async () => {
    const t = await fresh();
    const db = open(t);
    await migrateToLatest(db, localFileStore(t.filesDir));
    await seedIfEmpty(db, localFileStore(t.filesDir), new Date('2025-01-01T08:00:00Z'));
    const before = await count(db, 'buildings');
    const rename = (d: Db, id: number, name: string) => d.run(d.q.updateTable('buildings').set({ name }).where('id', '=', id));
    const nameOf = async (d: Db, id: number) => (await d.first(d.q.selectFrom('buildings').select('name').where('id', '=', id)))?.name;
    // Another request, started from outside the group while it runs.
    let start = () => {};
    const started = new Promise<void>((resolve) => (start = resolve));
    const outside = started.then(() => db.tx((tx) => nameOf(tx, 101)));
    await db.commitTogether(async () => {
      await db.tx((tx) => rename(tx, 101, 'first of the group'));
      await expect(
        db.tx(async (tx) => {
          await rename(tx, 102, 'undone');
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      // The group sees its own earlier transactions; another request's transaction waits for the commit.
      expect(await nameOf(db, 101)).toBe('first of the group');
      start();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await db.tx((tx) => rename(tx, 103, 'last of the group'));
    });
    const outsideSaw = await outside;
    expect(await nameOf(db, 101)).toBe('first of the group');
    expect(await nameOf(db, 102)).not.toBe('undone');
    expect(await nameOf(db, 103)).toBe('last of the group');
    expect(outsideSaw).toBe('first of the group');
    expect(await count(db, 'buildings')).toBe(before);
  });

  it('answers concurrent requests each after a commit that holds its change, one refused change undone alone', async () => {
    const t = await fresh();
    const db = open(t);
    await migrateToLatest(db, localFileStore(t.filesDir));
    await seedIfEmpty(db, localFileStore(t.filesDir), new Date('2025-01-01T08:00:00Z'));
    const rename = (d: Db, id: number, name: string) => d.run(d.q.updateTable('buildings').set({ name }).where('id', '=', id));
    const nameOf = async (d: Db, id: number) => (await d.first(d.q.selectFrom('buildings').select('name').where('id', '=', id)))?.name;
    // Many requests at once (they share commits where the engine groups them); each sees its change durable when answered.
    const answers = [101, 102, 103, 104, 105].map((id) =>
      db.tx(async (tx) => {
        await rename(tx, id, id === 103 ? 'undone' : `renamed ${id}`);
        if (id === 103) throw new Error('refused');
      }),
    );
    const reads = answers.map((answer, i) =>
      answer.then(
        () => nameOf(db, 101 + i),
        () => 'refused',
      ),
    );
    expect(await Promise.all(reads)).toEqual(['renamed 101', 'renamed 102', 'refused', 'renamed 104', 'renamed 105']);
    expect(await nameOf(db, 103)).not.toBe('undone');
    // Durable: a second connection to the same database sees every answered change.
    if (db.engine === 'sqlite') {
      const again = open(t);
      expect(await nameOf(again, 105)).toBe('renamed 105');
    }
  });

  it('lets a request of the next turn share a commit, answers each once another connection sees it, and keeps a write outside a transaction out of an open commit', async () => {
    const t = await fresh();
    const db = open(t);
    await migrateToLatest(db, localFileStore(t.filesDir));
    await seedIfEmpty(db, localFileStore(t.filesDir), new Date('2025-01-01T08:00:00Z'));
    const again = open(t);
    const rename = (d: Db, id: number, name: string) => d.run(d.q.updateTable('buildings').set({ name }).where('id', '=', id));
    const nameOf = async (d: Db, id: number) => (await d.first(d.q.selectFrom('buildings').select('name').where('id', '=', id)))?.name;
    const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

    // One request, then another read from the network a turn later (under load they share a disk sync).
    const first = db.tx((tx) => rename(tx, 101, 'first'));
    const second = nextTurn().then(() => db.tx((tx) => rename(tx, 102, 'second')));
    await first;
    expect(await nameOf(again, 101)).toBe('first');
    await second;
    expect(await nameOf(again, 102)).toBe('second');

    // A write outside a transaction right after one finished: durable when answered, not part of that commit.
    let finished = () => {};
    const done = new Promise<void>((resolve) => (finished = resolve));
    const inside = db.tx(async (tx) => {
      await rename(tx, 103, 'inside');
      finished();
    });
    await done;
    await Promise.resolve();
    await db.run(db.q.updateTable('buildings').set({ name: 'outside' }).where('id', '=', 104));
    expect(await nameOf(again, 104)).toBe('outside');
    await inside;
    expect(await nameOf(again, 103)).toBe('inside');
  });
});
