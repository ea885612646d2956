// Keys and mail items share one repository, parameterised by kind: register an item (its number is
// unique among the pending items of the building) and hand it over once. Each action is the row +
// one outbox entry in one transaction (src/sync/write/writePath.ts).
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import type { KeyItemRow, MailItemRow } from '../../db/schema';
import type { KeyItem, MailItem, MailItemKind } from '../../lib/domain/entities';
import { validateHandover, validateNewKey, validateNewMailItem } from '../../lib/domain/itemRules';
import type { HandoverInput } from '../../lib/domain/itemRules';
import { refuse } from '../../lib/validation/rules';
import { currentActor } from '../../sync/write/actor';
import type { ItemKind } from '../../directory/itemsPull';
import { itemPaths, pullItems } from '../../directory/itemsPull';
import { changeRecord, createRecord } from '../../sync/write/writePath';

export type { ItemKind };
export { itemPaths, pullItems };
export type ItemRow = KeyItemRow | MailItemRow;

/** The tag number of a key, the tracking number of a mail item. */
export function numberOfItem(item: ItemRow): string {
  return 'tagNumber' in item ? item.tagNumber : item.trackingNumber;
}

type Recipient = { buildingId: number | null; apartmentId: string | null; contactId: string | null; registeredBy?: string };
export type NewKey = Recipient & { tagNumber: string; description: string };
export type NewMailItem = Recipient & { kind: MailItemKind; carrier: string | null; trackingNumber: string; description: string };

function base(id: string, input: Recipient, registeredBy: string, now: string) {
  return {
    id,
    buildingId: input.buildingId ?? 0,
    apartmentId: input.apartmentId,
    contactId: input.contactId,
    status: 'pending' as const,
    registeredAt: now,
    registeredBy,
    deliveredTo: null,
    deliveredBy: null,
    deliveredAt: null,
    version: 0,
    updatedAt: now,
  };
}

function payloadOf(row: Record<string, unknown>): Record<string, unknown> {
  const { status: _s, deliveredTo: _t, deliveredBy: _b, deliveredAt: _a, version: _v, updatedAt: _u, syncState: _y, ...payload } = row;
  return payload;
}

/** Registers a key for an apartment or contact. Returns its id. */
export async function registerKey(input: NewKey): Promise<string> {
  const id = newId();
  const buildingId = input.buildingId;
  const existing = buildingId === null ? [] : await db.keys.where('[buildingId+status]').equals([buildingId, 'pending']).toArray();
  refuse(validateNewKey({ id, buildingId, tagNumber: input.tagNumber, description: input.description }, existing));
  const actor = await currentActor();
  const now = new Date().toISOString();
  const key: KeyItem = {
    ...base(id, input, input.registeredBy || actor.userName, now),
    tagNumber: input.tagNumber.trim(),
    description: input.description.trim(),
  };
  await createRecord({ table: 'keys', id, row: { ...key, syncState: 'local' }, path: itemPaths.keys, payload: payloadOf(key), userKey: actor.userKey });
  return id;
}

/** Registers a mail item or delivery for an apartment or contact. Returns its id. */
export async function registerMailItem(input: NewMailItem): Promise<string> {
  const id = newId();
  const buildingId = input.buildingId;
  const existing = buildingId === null ? [] : await db.mailItems.where('[buildingId+status]').equals([buildingId, 'pending']).toArray();
  refuse(validateNewMailItem({ id, buildingId, trackingNumber: input.trackingNumber }, existing));
  const actor = await currentActor();
  const now = new Date().toISOString();
  const item: MailItem = {
    ...base(id, input, input.registeredBy || actor.userName, now),
    kind: input.kind,
    carrier: input.carrier?.trim() || null,
    trackingNumber: input.trackingNumber.trim(),
    description: input.description.trim(),
  };
  await createRecord({
    table: 'mailItems',
    id,
    row: { ...item, syncState: 'local' },
    path: itemPaths.mailItems,
    payload: payloadOf(item),
    userKey: actor.userKey,
  });
  return id;
}

/** Hands an item over: who received it, who gave it and when (once), with the recipient's drawn signature (a PNG data URL) if taken. */
export async function handOverItem(kind: ItemKind, id: string, input: HandoverInput, signature: string | null = null): Promise<void> {
  const handover = {
    deliveredTo: input.deliveredTo?.trim() ?? null,
    deliveredBy: input.deliveredBy?.trim() || null,
    deliveredAt: input.deliveredAt,
    ...(signature ? { signature } : {}),
  };
  const actor = await currentActor();
  const guard = (row: ItemRow) => refuse(validateHandover(row, handover));
  const request = { method: 'POST' as const, path: `${itemPaths[kind]}/${id}/handover`, wrap: 'payload' as const };
  if (kind === 'keys') {
    await changeRecord({ table: 'keys', id, op: 'handover', changes: handover, rowChanges: { status: 'delivered' }, guard, request, userKey: actor.userKey });
  } else {
    await changeRecord({
      table: 'mailItems',
      id,
      op: 'handover',
      changes: handover,
      rowChanges: { status: 'delivered' },
      guard,
      request,
      userKey: actor.userKey,
    });
  }
}
