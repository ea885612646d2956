// The one ledger (migration 009): debts are charges with their ids, postings read back as the shared
// rules expect, and a source cannot post the same kind twice.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDebts } from '../../../src/lib/domain/ledger.ts';
import type { TestDatabase } from '../../test/engine.ts';
import { newTestDatabase } from '../../test/engine.ts';
import type { Database } from '../db/database.ts';
import { migrateTo, migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { localFileStore } from '../files/fileStore.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import type { StoredLedgerEntry } from './ledger.ts';
import { ledger } from './ledger.ts';

const opened: Database[] = [];
const created: TestDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  for (const t of created.splice(0)) await t.dispose();
});

async function database(): Promise<{ db: Database; files: ReturnType<typeof localFileStore> }> {
  const t = await newTestDatabase({ seeded: false });
  created.push(t);
  const db = openDatabase(t.database);
  opened.push(db);
  return { db, files: localFileStore(t.filesDir) };
}

const debt = (id: string, amount: number, paid: boolean, engine: Database['engine']) => ({
  id,
  companyId: 1001,
  buildingId: 1,
  apartmentId: 'apt-1',
  contactId: 'c-1',
  contactGuid: 'c-1',
  kind: 'currentCommittee',
  description: 'דמי ועד בית',
  amount,
  dueDate: '2026-11-01',
  // A boolean column as either engine stores it (0/1 on SQLite).
  paid: engine === 'postgres' ? paid : Number(paid),
  version: 1,
  updatedAt: '2026-10-15T08:00:00.000Z',
});

describe('the ledger', () => {
  it('turns existing debts into charges with their ids, and paid debts into their payment', async () => {
    const { db, files } = await database();
    await migrateTo(db, files, '008_scale_out');
    const loose = db.q as unknown as { insertInto(t: string): { values(v: unknown): { execute(): Promise<unknown> } } };
    await loose.insertInto('debts').values(debt('d-open', 420.5, false, db.engine)).execute();
    await loose.insertInto('debts').values(debt('d-paid', 350, true, db.engine)).execute();
    await migrateToLatest(db, files);

    const rows = await ledger.ofApartment(db, 1001, 'apt-1');
    expect(rows.map((r) => [r.id, r.kind, r.amountAgorot]).sort()).toEqual([
      ['d-open', 'charge', 42050],
      ['d-paid', 'charge', 35000],
      ['d-paid:paid', 'payment', 35000],
    ]);
    expect(openDebts(rows, 'apt-1').map((d) => [d.chargeId, d.open])).toEqual([['d-open', 42050]]);
  });

  it('holds a charge for every seeded debt, in agorot', async () => {
    const { db, files } = await database();
    await migrateToLatest(db, files);
    await seedIfEmpty(db, files, new Date('2025-01-01T08:00:00Z'));
    const debts = await db.all(db.q.selectFrom('debts').select(['id', 'amount', 'companyId']));
    expect(debts.length).toBeGreaterThan(0);
    for (const d of debts) expect((await ledger.find(db, d.id, d.companyId))?.amountAgorot).toBe(Math.round(Number(d.amount) * 100));
  });

  it('reads back a payment with what it settles, and refuses a second posting of the same source', async () => {
    const { db, files } = await database();
    await migrateToLatest(db, files);
    const payment: StoredLedgerEntry = {
      id: 'p-1',
      buildingId: 1,
      kind: 'payment',
      date: '2026-11-20',
      amountAgorot: 77050,
      apartmentId: 'apt-1',
      contactId: 'c-1',
      debtKind: null,
      dueDate: null,
      group: null,
      description: 'תשלום בכרטיס',
      descriptionKey: 'cardPayment',
      descriptionParams: { last4: '4242' },
      settles: [
        { chargeId: 'd-1', amountAgorot: 42050 },
        { chargeId: 'd-2', amountAgorot: 35000 },
      ],
      sourceKind: 'cardPayment',
      sourceId: 'tx-1',
      createdAt: '2026-11-20T10:00:00.000Z',
      createdBy: 'tenant',
      version: 1,
      updatedAt: '2026-11-20T10:00:00.000Z',
    };
    await ledger.insert(db, payment, 1001);
    expect(await ledger.bySource(db, 1001, 'cardPayment', 'tx-1', 'payment')).toEqual(payment);
    await expect(ledger.insert(db, { ...payment, id: 'p-2' }, 1001)).rejects.toThrow();
    expect(await ledger.ofBuilding(db, 1001, 1, { from: '2026-11-01', to: '2026-11-30' })).toHaveLength(1);
    expect(await ledger.ofBuilding(db, 1001, 1, { from: '2026-12-01' })).toHaveLength(0);
    expect(await ledger.ofBuilding(db, 2002, 1)).toHaveLength(0);
    await expect(db.run({ compile: () => sql`INSERT INTO ledger_entries (id) VALUES ('x')`.compile(db.q) })).rejects.toThrow();
  });
});
