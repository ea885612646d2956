// Suppliers and their quotes on the device: add or correct a supplier, add a quote with its file,
// approve a quote (once; the server records who and when). Same write path as every staff change.
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import { entityKeyOf, newId } from '../../db/mutate';
import type { BudgetGroup, Supplier } from '../../lib/domain/books';
import { canApproveBid, validateBid, validateSupplier } from '../../lib/domain/books';
import { email, phone, refuse } from '../../lib/validation/rules';
import { currentActor } from '../../sync/write/actor';
import { photoRowOf } from '../../sync/write/photos';
import type { CompressedPhoto } from '../../sync/write/photos';
import { pullInto } from '../../sync/replay/pull';
import { changeRecord, createRecord } from '../../sync/write/writePath';

export type SupplierInput = { name: string; domain: BudgetGroup; phone: string; email: string; buildingIds: number[] };

function supplierFields(input: SupplierInput) {
  const fields = {
    name: input.name.trim(),
    domain: input.domain,
    phone: input.phone.replace(/\D+/g, '') || null,
    email: input.email.trim() || null,
    buildingIds: input.buildingIds,
  };
  refuse(validateSupplier(fields) ?? phone(fields.phone, 'phone', false) ?? email(fields.email));
  return fields;
}

export async function addSupplier(input: SupplierInput): Promise<string> {
  const fields = supplierFields(input);
  const actor = await currentActor();
  const id = newId();
  const row: Supplier = { id, ...fields, version: 0, updatedAt: new Date().toISOString() };
  await createRecord({ table: 'suppliers', id, row: { ...row, syncState: 'local' }, path: 'suppliers', payload: { id, ...fields }, userKey: actor.userKey });
  return id;
}

export async function updateSupplier(id: string, input: SupplierInput): Promise<void> {
  const fields = supplierFields(input);
  const actor = await currentActor();
  await changeRecord({ table: 'suppliers', id, changes: fields, request: { path: `suppliers/${id}` }, userKey: actor.userKey });
}

export type BidInput = { supplierId: string; date: string; amountAgorot: number; description: string };

export async function addBid(buildingId: number, input: BidInput, file: CompressedPhoto | null): Promise<string> {
  const fields = { ...input, description: input.description.trim() };
  refuse(validateBid(fields));
  const actor = await currentActor();
  const id = newId();
  const photos = file ? [photoRowOf(file, 'bids', id, 'quote')] : [];
  const attachmentId = photos[0]?.id ?? null;
  const pending = await db.outbox.where('entityKey').equals(entityKeyOf('suppliers', fields.supplierId)).count();
  await createRecord({
    table: 'bids',
    id,
    row: {
      id,
      buildingId,
      ...fields,
      attachmentId,
      status: 'open',
      approvedBy: null,
      approvedAt: null,
      expenseId: null,
      version: 0,
      updatedAt: new Date().toISOString(),
      syncState: 'local',
    },
    path: 'bids',
    payload: { id, buildingId, ...fields, attachmentId },
    dependsOn: pending > 0 ? [entityKeyOf('suppliers', fields.supplierId)] : [],
    userKey: actor.userKey,
    uploads: { photos, createdBy: actor.userId },
  });
  return id;
}

export async function approveBid(id: string): Promise<void> {
  const actor = await currentActor();
  await changeRecord({
    table: 'bids',
    id,
    op: 'approve',
    changes: {},
    rowChanges: { status: 'approved', approvedBy: actor.displayName, approvedAt: new Date().toISOString() },
    guard: (row) => refuse(canApproveBid(row)),
    request: { method: 'POST', path: `bids/${id}/approve`, wrap: 'payload' },
    userKey: actor.userKey,
  });
}

export function pullSuppliers(api: ApiClient) {
  return pullInto(api, { table: 'suppliers', path: 'suppliers', scope: () => true });
}

export function pullBids(api: ApiClient, buildingId: number) {
  return pullInto(api, { table: 'bids', path: `buildings/${buildingId}/bids`, scope: (row) => row.buildingId === buildingId });
}
