// The committee's books on the device: expenses with their invoice attachment, manual ledger rows
// (income, opening balance, petty cash) and the yearly budget. Each action is its row(s) and outbox
// entries in one transaction (sync/write/writePath), so a treasurer can record receipts offline and each one
// reaches the server once. The shared rules of src/lib/domain/books.ts refuse first, here and there.
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import { entityKeyOf, newId } from '../../db/mutate';
import type { ExpenseRow } from '../../db/schema';
import type { BudgetGroup, Expense, ExpenseFields, ManualLedgerKind } from '../../lib/domain/books';
import {
  canDeleteLedgerEntry,
  duplicateBudgetLine,
  duplicateInvoice,
  pettyCashOut,
  validateBudgetLine,
  validateExpense,
  validateManualEntry,
} from '../../lib/domain/books';
import { pettyCashBalance } from '../../lib/domain/ledger';
import { refuse } from '../../lib/validation/rules';
import { currentActor } from '../../sync/write/actor';
import { photoRowOf } from '../../sync/write/photos';
import type { CompressedPhoto } from '../../sync/write/photos';
import { recordsOf } from '../../sync/replay/pull';
import { applyServerRecords } from '../../sync/write/rows';
import { changeRecord, createRecord, deleteRecord } from '../../sync/write/writePath';
import { ledgerOfBuilding } from './booksQueries';

export type ExpenseInput = ExpenseFields & Pick<Expense, 'supplierId' | 'reference'> & { bidId?: string | null };

/** Rows of the same supplier, on the device (the server checks its own again). */
async function supplierExpenses(supplierId: string | null): Promise<ExpenseRow[]> {
  return supplierId ? db.expenses.where('supplierId').equals(supplierId).toArray() : [];
}

/** Entity keys among `keys` with changes still waiting in the outbox (sent first). */
async function pendingKeys(keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  return [
    ...new Set(
      (
        await db.outbox
          .where('entityKey')
          .anyOf([...keys])
          .toArray()
      ).map((e) => e.entityKey),
    ),
  ];
}

function fieldsOf(input: ExpenseInput) {
  return {
    date: input.date,
    description: input.description.trim(),
    amountAgorot: input.amountAgorot,
    group: input.group,
    supplierId: input.supplierId || null,
    invoiceNumber: input.invoiceNumber?.trim() || null,
    invoiceDate: input.invoiceDate || null,
    invoiceAmountAgorot: input.invoiceAmountAgorot,
    dueDate: input.dueDate || null,
    reference: input.reference?.trim() || null,
  };
}

/** Records an expense with its optional invoice (photo or PDF). Returns its id. */
export async function addExpense(buildingId: number, input: ExpenseInput, invoice: CompressedPhoto | null): Promise<string> {
  const id = newId();
  const fields = fieldsOf(input);
  refuse(validateExpense(fields) ?? duplicateInvoice({ id, ...fields }, await supplierExpenses(fields.supplierId)));
  const actor = await currentActor();
  const photos = invoice ? [photoRowOf(invoice, 'expenses', id, 'invoice')] : [];
  const attachmentId = photos[0]?.id ?? null;
  const now = new Date().toISOString();
  const bidId = input.bidId ?? null;
  const row: Expense = { id, buildingId, ...fields, attachmentId, bidId, createdBy: actor.displayName, version: 0, updatedAt: now };
  await createRecord({
    table: 'expenses',
    id,
    row: { ...row, syncState: 'local' },
    path: 'expenses',
    payload: { id, buildingId, ...fields, attachmentId, bidId },
    dependsOn: await pendingKeys([...(fields.supplierId ? [entityKeyOf('suppliers', fields.supplierId)] : []), ...(bidId ? [entityKeyOf('bids', bidId)] : [])]),
    userKey: actor.userKey,
    uploads: { photos, createdBy: actor.userId },
    ...(bidId ? { tables: ['bids'], also: async () => void (await db.bids.update(bidId, { expenseId: id })) } : {}),
  });
  return id;
}

/** Corrects an expense; a new invoice replaces the one before (one still on the device goes with it). */
export async function updateExpense(id: string, input: ExpenseInput, invoice: CompressedPhoto | null): Promise<void> {
  const fields = fieldsOf(input);
  refuse(validateExpense(fields) ?? duplicateInvoice({ id, ...fields }, await supplierExpenses(fields.supplierId)));
  const actor = await currentActor();
  const current = await db.expenses.get(id);
  const photos = invoice ? [photoRowOf(invoice, 'expenses', id, 'invoice')] : [];
  const attachment = photos[0] ? { attachmentId: photos[0].id } : {};
  await changeRecord({
    table: 'expenses',
    id,
    changes: { ...fields, ...attachment },
    request: { path: `expenses/${id}` },
    userKey: actor.userKey,
    uploads: { photos, createdBy: actor.userId },
    dropPhotos: photos[0] ? [current?.attachmentId ?? null] : [],
  });
}

export async function deleteExpense(id: string): Promise<void> {
  const actor = await currentActor();
  const current = await db.expenses.get(id);
  await deleteRecord({
    table: 'expenses',
    id,
    path: `expenses/${id}`,
    userKey: actor.userKey,
    ...(current?.bidId ? { tables: ['bids'], also: async () => void (await db.bids.update(current.bidId ?? '', { expenseId: null })) } : {}),
  });
}

export type ManualEntryInput = { kind: ManualLedgerKind; date: string; amountAgorot: number; description: string };

/** Income, an opening balance or a petty-cash movement (never more out of the box than it holds). */
export async function addLedgerEntry(buildingId: number, input: ManualEntryInput): Promise<string> {
  const entry = { ...input, description: input.description.trim() };
  refuse(validateManualEntry(entry));
  if (entry.kind === 'pettyCashOut') refuse(pettyCashOut(pettyCashBalance(await ledgerOfBuilding(buildingId)), entry.amountAgorot));
  const actor = await currentActor();
  const id = newId();
  const now = new Date().toISOString();
  await createRecord({
    table: 'ledgerEntries',
    id,
    row: {
      id,
      buildingId,
      ...entry,
      apartmentId: null,
      contactId: null,
      debtKind: null,
      dueDate: null,
      group: null,
      settles: [],
      sourceKind: 'manual',
      sourceId: id,
      createdAt: now,
      createdBy: actor.displayName,
      version: 0,
      updatedAt: now,
      syncState: 'local',
    },
    path: 'ledger-entries',
    payload: { id, buildingId, ...entry, group: null },
    userKey: actor.userKey,
  });
  return id;
}

export async function deleteLedgerEntry(id: string): Promise<void> {
  const actor = await currentActor();
  await deleteRecord({ table: 'ledgerEntries', id, path: `ledger-entries/${id}`, guard: (row) => refuse(canDeleteLedgerEntry(row)), userKey: actor.userKey });
}

/** Sets a group's budget for a year: a new line, or a change of the existing one. */
export async function setBudget(buildingId: number, year: number, group: BudgetGroup, amountAgorot: number): Promise<void> {
  refuse(validateBudgetLine({ year, group, amountAgorot }));
  const actor = await currentActor();
  const lines = await db.budgetLines.where('[buildingId+year]').equals([buildingId, year]).toArray();
  const existing = lines.find((l) => l.group === group);
  if (existing) {
    await changeRecord({
      table: 'budgetLines',
      id: existing.id,
      changes: { amountAgorot },
      request: { path: `budget-lines/${existing.id}` },
      userKey: actor.userKey,
    });
    return;
  }
  const id = newId();
  refuse(duplicateBudgetLine({ id, buildingId, year, group }, lines));
  await createRecord({
    table: 'budgetLines',
    id,
    row: { id, buildingId, year, group, amountAgorot, version: 0, updatedAt: new Date().toISOString(), syncState: 'local' },
    path: 'budget-lines',
    payload: { id, buildingId, year, group, amountAgorot },
    userKey: actor.userKey,
  });
}

/**
 * Everything the books of a building read: its ledger, expenses and budget, fetched together and
 * written in one transaction, so a report never adds up a new ledger against old expenses.
 */
export async function pullBooks(api: ApiClient, buildingId: number): Promise<void> {
  const inBuilding = (row: Record<string, unknown>) => row.buildingId === buildingId;
  const sentAt = Date.now();
  const [ledger, expenses, budget] = await Promise.all(
    [`buildings/${buildingId}/ledger`, `buildings/${buildingId}/expenses`, `buildings/${buildingId}/budget`].map((path) => api.request<unknown>('GET', path)),
  );
  await db.transaction('rw', [db.ledgerEntries, db.expenses, db.budgetLines, db.outbox, db.meta], async () => {
    await applyServerRecords('ledgerEntries', recordsOf(ledger), inBuilding, sentAt);
    await applyServerRecords('expenses', recordsOf(expenses), inBuilding, sentAt);
    await applyServerRecords('budgetLines', recordsOf(budget), inBuilding, sentAt);
  });
}

/** A contact and their charges and payments (the financial report of /financial-report/:contactId). */
export async function pullContactReport(api: ApiClient, contactId: string): Promise<void> {
  const sentAt = Date.now();
  const body = await api.request<unknown>('GET', `contacts/${encodeURIComponent(contactId)}/financial-report`);
  await applyServerRecords('contacts', recordsOf(body, 'contact'), undefined, sentAt);
  await applyServerRecords('ledgerEntries', recordsOf(body), (row) => row.contactId === contactId, sentAt);
}
