// Migration 046: a bounced check written before it (kind 'refund', source 'checkBounce') becomes a
// movement of its own kind, 'bounce'; a refund stays a refund, and no row is removed or changes its money.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/engine.ts';
import { newTestDatabase } from '../../test/engine.ts';
import type { Database } from './database.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';
import { openDatabase } from './open.ts';
import { localFileStore } from '../files/fileStore.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import { ledger } from '../data/ledger.ts';

const opened: Database[] = [];
const created: TestDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  for (const t of created.splice(0)) await t.dispose();
});

const reopening = [{ chargeId: 'fee-march', amountAgorot: 20_000 }];

function row(id: string, sourceKind: string, more: Partial<StoredLedgerEntry> = {}): StoredLedgerEntry {
  return {
    id,
    buildingId: 101,
    kind: 'refund',
    date: '2026-03-15',
    amountAgorot: 20_000,
    apartmentId: 'apt-1',
    contactId: null,
    debtKind: null,
    dueDate: null,
    group: null,
    description: id,
    settles: reopening,
    sourceKind,
    sourceId: `${id}-source`,
    createdAt: '2026-03-15T08:00:00.000Z',
    createdBy: 'rina',
    version: 1,
    updatedAt: '2026-03-15T08:00:00.000Z',
    ...more,
  };
}

describe('migration 046', () => {
  it('turns the bounces written as refunds into bounces, and leaves refunds and everything else as they were', async () => {
    const t = await newTestDatabase({ seeded: false });
    created.push(t);
    const db = openDatabase(t.database);
    opened.push(db);
    const files = localFileStore(t.filesDir);
    await migrateTo(db, files, '045_desk_notices');
    const rows = [
      row('bounced', 'checkBounce', { descriptionKey: 'checkBounce', descriptionParams: { number: '4711' } }),
      row('refunded', 'refund'),
      row('fee', 'checkBounceFee', { kind: 'charge', settles: [], amountAgorot: 5_000 }),
    ];
    for (const r of rows) await ledger.insert(db, r, 1001);

    await migrateToLatest(db, files);
    const after = await ledger.ofApartment(db, 1001, 'apt-1');
    expect(after.map((e) => [e.id, e.kind, e.amountAgorot, e.version])).toEqual([
      ['bounced', 'bounce', 20_000, 2],
      ['fee', 'charge', 5_000, 1],
      ['refunded', 'refund', 20_000, 1],
    ]);
    const bounce = after.find((e) => e.id === 'bounced');
    expect(bounce).toMatchObject({
      settles: reopening,
      sourceKind: 'checkBounce',
      sourceId: 'bounced-source',
      descriptionKey: 'checkBounce',
      date: '2026-03-15',
    });
  });
});
