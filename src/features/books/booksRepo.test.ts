import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { resetDb } from '../../sync/testing/setup';
import { addExpense, addLedgerEntry, deleteExpense, deleteLedgerEntry, setBudget, updateExpense } from './booksRepo';
import { booksOfBuilding, budgetOf, ledgerOfBuilding, summaryOf } from './booksQueries';
import { approveBid } from './suppliersRepo';

const invoice = () => ({ blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'application/pdf' }), width: 0, height: 0, hash: 'cafe' });
const expense = (invoiceNumber: string | null, amountAgorot = 12_345) => ({
  date: '2026-03-31',
  description: 'ניקיון חדר מדרגות',
  amountAgorot,
  group: 'cleaning' as const,
  supplierId: 's1',
  invoiceNumber,
  invoiceDate: null,
  invoiceAmountAgorot: null,
  dueDate: null,
  reference: null,
});

beforeEach(async () => {
  await resetDb();
  await db.suppliers.add({
    id: 's1',
    name: 'ניקיון הברק',
    domain: 'cleaning',
    phone: null,
    email: null,
    buildingIds: [1],
    version: 1,
    updatedAt: '',
    syncState: 'synced',
  });
  await db.ledgerEntries.add({
    id: 'pulled-expense',
    buildingId: 1,
    kind: 'expense',
    date: '2026-03-01',
    amountAgorot: 999,
    apartmentId: null,
    contactId: null,
    debtKind: null,
    dueDate: null,
    group: 'cleaning',
    description: 'the server’s row of an expense',
    settles: [],
    sourceKind: 'expense',
    sourceId: 'e0',
    createdAt: '',
    createdBy: '',
    version: 1,
    updatedAt: '',
    syncState: 'synced',
  });
});

describe('the books on the device', () => {
  it('records an expense with its invoice in one action: the upload waits for the expense', async () => {
    const id = await addExpense(1, expense('INV-1'), invoice());
    const [create, upload] = await db.outbox.orderBy('seq').toArray();
    expect(create).toMatchObject({
      op: 'create',
      request: { path: 'expenses' },
      payload: { id, buildingId: 1, amountAgorot: 12_345, supplierId: 's1', invoiceNumber: 'INV-1' },
    });
    expect(upload).toMatchObject({ kind: 'photo', dependsOn: [`expenses:${id}`] });
    expect(create?.payload.attachmentId).toBe(upload?.recordId);
    expect((await db.photos.get(String(upload?.recordId)))?.mime).toBe('application/pdf');
  });

  it('refuses the same supplier’s invoice number again before writing anything', async () => {
    await addExpense(1, expense('INV-1'), null);
    await expect(addExpense(1, expense('inv 1'), null)).rejects.toMatchObject({ failure: { field: 'invoiceNumber', messageKey: 'duplicateInvoice' } });
    await expect(addExpense(1, expense(null, 0), null)).rejects.toMatchObject({ failure: { messageKey: 'invalidAmount' } });
    expect(await db.expenses.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('counts an expense of the device in the ledger at once, and the pulled expense rows not twice', async () => {
    const id = await addExpense(1, expense(null), null);
    const ledger = await ledgerOfBuilding(1);
    expect(ledger.map((e) => e.id)).toEqual([`expense:${id}`]);
    await updateExpense(id, expense(null, 20_000), null);
    expect((await ledgerOfBuilding(1))[0]?.amountAgorot).toBe(20_000);
    await deleteExpense(id);
    expect(await ledgerOfBuilding(1)).toEqual([]);
  });

  it('moves budget against actual and the month’s summary by the expense', async () => {
    await setBudget(1, 2026, 'cleaning', 1_200_000);
    await setBudget(1, 2026, 'cleaning', 1_500_000);
    await addExpense(1, expense(null), null);
    const data = await booksOfBuilding(1);
    expect(data.budget).toHaveLength(1);
    expect(budgetOf(data, 2026)).toEqual([
      { group: 'cleaning', budget: 1_500_000, actual: 12_345, months: [0, 0, 12_345, 0, 0, 0, 0, 0, 0, 0, 0, 0], remaining: 1_487_655 },
    ]);
    // The month ends on the 31st: the expense is March's, not April's.
    expect(summaryOf(data.ledger, new Date(2026, 2, 31, 23, 59))).toMatchObject({ monthExpenses: 12_345, net: -12_345 });
    expect(summaryOf(data.ledger, new Date(2026, 3, 1, 0, 1))).toMatchObject({ monthExpenses: 0 });
  });

  it('never pays more out of the petty cash than it holds', async () => {
    await addLedgerEntry(1, { kind: 'pettyCashIn', date: '2026-03-01', amountAgorot: 10_000, description: 'הפקדה' });
    await expect(addLedgerEntry(1, { kind: 'pettyCashOut', date: '2026-03-02', amountAgorot: 10_001, description: 'נורות' })).rejects.toMatchObject({
      failure: { messageKey: 'pettyCashShort' },
    });
    await addLedgerEntry(1, { kind: 'pettyCashOut', date: '2026-03-02', amountAgorot: 10_000, description: 'נורות' });
    expect(summaryOf(await ledgerOfBuilding(1)).pettyCash).toBe(0);
  });

  it('deletes only an entry typed in by hand, refusing the others before queueing as the server would', async () => {
    const manual = await addLedgerEntry(1, { kind: 'income', date: '2026-03-01', amountAgorot: 10_000, description: 'תרומה' });
    const typed = await db.ledgerEntries.get(manual);
    if (!typed) throw new Error('the manual entry is not stored');
    await db.ledgerEntries.put({ ...typed, id: 'from-expense', sourceKind: 'expense', syncState: 'synced' });
    const queued = await db.outbox.count();
    await expect(deleteLedgerEntry('from-expense')).rejects.toMatchObject({ failure: { field: 'id', messageKey: 'manualEntryOnly' } });
    expect(await db.outbox.count()).toBe(queued);
    expect(await db.ledgerEntries.get('from-expense')).toBeDefined();
    await deleteLedgerEntry(manual);
    expect(await db.ledgerEntries.get(manual)).toBeUndefined();
  });

  it('approves a quote once on the device', async () => {
    await db.bids.add({
      id: 'b1',
      buildingId: 1,
      supplierId: 's1',
      date: '2026-03-01',
      amountAgorot: 5_000,
      description: 'צביעה',
      attachmentId: null,
      status: 'open',
      approvedBy: null,
      approvedAt: null,
      expenseId: null,
      version: 1,
      updatedAt: '',
      syncState: 'synced',
    });
    await approveBid('b1');
    expect(await db.bids.get('b1')).toMatchObject({ status: 'approved', syncState: 'local' });
    const entry = (await db.outbox.toArray()).find((e) => e.recordId === 'b1');
    expect(entry).toMatchObject({ request: { method: 'POST', path: 'bids/b1/approve', wrap: 'payload' }, baseVersion: 1 });
    await expect(approveBid('b1')).rejects.toMatchObject({ failure: { messageKey: 'bidAlreadyApproved' } });
  });
});
