import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { resetDb } from '../../sync/testing/setup';
import { buildingAccounts, contactReport } from './booksQueries';

const row = (id: string, kind: 'charge' | 'credit' | 'payment', amountAgorot: number, settles: { chargeId: string; amountAgorot: number }[] = []) => ({
  id,
  buildingId: 1,
  kind,
  date: '2026-11-01',
  amountAgorot,
  apartmentId: 'a1',
  contactId: 'c1',
  debtKind: kind === 'charge' ? ('special' as const) : null,
  dueDate: null,
  group: null,
  description: kind,
  settles,
  sourceKind: kind,
  sourceId: id,
  createdAt: '',
  createdBy: 'miri',
  version: 1,
  updatedAt: '',
  syncState: 'synced' as const,
});

beforeEach(async () => {
  await resetDb();
  await db.contacts.add({
    id: 'c1',
    buildingId: 1,
    apartmentId: 'a1',
    firstName: 'משה',
    lastName: 'פרץ',
    fullName: 'משה פרץ',
    email: null,
    phone: null,
    role: 'owner',
    position: null,
    carNumber: null,
    parkingNumber: null,
    version: 1,
    updatedAt: '',
    syncState: 'synced',
  });
  await db.ledgerEntries.bulkAdd([
    row('ch', 'charge', 30_000),
    row('cr', 'credit', 10_000, [{ chargeId: 'ch', amountAgorot: 10_000 }]),
    row('p', 'payment', 5_000, [{ chargeId: 'ch', amountAgorot: 5_000 }]),
  ]);
});

describe('credits in the office’s reports', () => {
  it('lists the credit beside the charge and counts it off what was charged, not as paid', async () => {
    const report = await contactReport('c1');
    expect(report?.rows.map((r) => r.kind)).toEqual(expect.arrayContaining(['charge', 'credit', 'payment']));
    expect(report?.account).toEqual({ charged: 20_000, paid: 5_000, balance: 15_000 });
    expect((await buildingAccounts(1)).total).toEqual({ charged: 20_000, paid: 5_000, balance: 15_000 });
  });
});
