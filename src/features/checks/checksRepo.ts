// The checks repository: imaging, editing and cancelling a check, all offline. Each function is one
// user action = the row(s) + one outbox entry in one transaction (src/sync/write/writePath.ts). A check's
// photos are Blobs in `photos`; their uploads wait for the check (the server keeps the photo id as file id).
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { checkImage as checkImageAnswer } from '../../lib/answers';
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import type { CheckRow, PhotoRow } from '../../db/schema';
import type { Check } from '../../lib/domain/entities';
import { numbersOfPayments, validateCheck } from '../../lib/domain/checkRules';
import { currentActor } from '../../sync/write/actor';
import { photoRowOf } from '../../sync/write/photos';
import type { CompressedPhoto } from '../../sync/write/photos';
import { pullInto } from '../../sync/replay/pull';
import { changeRecord, createRecord, deleteRecord } from '../../sync/write/writePath';
import type { Action } from '../../sync/write/writePath';
import { isToFill } from './checkGroupsRepo';
import { refuse, RuleError } from '../../lib/validation/rules';

export type CheckSide = 'front' | 'back';

/** The fields a user fills in for a check. */
export type CheckDetails = Pick<Check, 'Amount' | 'DepositDate' | 'BankNumber' | 'BranchNumber' | 'AccountNumber' | 'CheckNumber'>;

const sideField = { front: 'FrontImageId', back: 'BackImageId' } as const;
const sideRole = { front: 'checkFront', back: 'checkBack' } as const;

/** POST check sends the whole check (the server stores every field of it). */
function wireFields(check: Check): Partial<Check> {
  return {
    CheckGuid: check.CheckGuid,
    ChecksHeaderGuid: check.ChecksHeaderGuid,
    CheckStatus: check.CheckStatus,
    Amount: check.Amount,
    DepositDate: check.DepositDate,
    TransactionNumber: check.TransactionNumber,
    BankNumber: check.BankNumber,
    BranchNumber: check.BranchNumber,
    AccountNumber: check.AccountNumber,
    CheckNumber: check.CheckNumber,
    FrontImageId: check.FrontImageId,
    BackImageId: check.BackImageId,
    redirect: check.redirect,
  };
}

async function setPaymentsCount(groupGuid: string): Promise<void> {
  const count = await db.checks.where('ChecksHeaderGuid').equals(groupGuid).count();
  await db.checkGroups.update(groupGuid, { NumbersOfPayments: numbersOfPayments(Array.from({ length: count })) });
}

/** A photo not uploaded yet is dropped with its queued upload (an uploaded one stays on the server). */
async function editableGroup(groupGuid: string): Promise<void> {
  const group = await db.checkGroups.get(groupGuid);
  if (!group || !isToFill(group)) throw new RuleError({ field: 'ChecksHeaderGuid', messageKey: 'checkGroupNotEditable' });
}

export type NewCheck = { check: Check; front: CompressedPhoto; back?: CompressedPhoto | null };

/** Saves a photographed check with its images; the first check of a new payment creates the group on the server. */
export async function addCheck(input: NewCheck): Promise<CheckRow> {
  refuse(validateCheck(input.check));
  const actor = await currentActor();
  const group = await db.checkGroups.get(input.check.ChecksHeaderGuid);
  if (!group || !isToFill(group)) throw new RuleError({ field: 'ChecksHeaderGuid', messageKey: 'checkGroupNotEditable' });
  const id = input.check.CheckGuid;
  const photos: PhotoRow[] = [photoRowOf(input.front, 'checks', id, sideRole.front)];
  if (input.back) photos.push(photoRowOf(input.back, 'checks', id, sideRole.back));
  const check: Check = { ...input.check, FrontImageId: photos[0]?.id ?? null, BackImageId: photos[1]?.id ?? null, version: 0 };
  const row: CheckRow = { ...check, syncState: 'local' };
  await createRecord({
    table: 'checks',
    id,
    row,
    path: 'check',
    payload: { ...wireFields(check), ContactGuid: group.ContactGuid, DebtIds: group.DebtIds },
    userKey: actor.userKey,
    uploads: { photos, createdBy: actor.userId },
    tables: ['checkGroups'],
    also: () => setPaymentsCount(check.ChecksHeaderGuid),
  });
  return row;
}

/** `photos`: a new image of a side, with the one it replaces (dropped if it never left the device). */
async function changeCheck(
  guid: string,
  next: (row: CheckRow) => Check,
  photos?: (row: CheckRow, createdBy: number | null) => Pick<Action, 'uploads' | 'dropPhotos'>,
): Promise<CheckRow> {
  const actor = await currentActor();
  const row = await db.checks.get(guid);
  if (!row) throw new RuleError({ field: 'CheckGuid', messageKey: 'notFound' });
  await editableGroup(row.ChecksHeaderGuid);
  const updated = next(row);
  refuse(validateCheck(updated));
  await changeRecord({
    table: 'checks',
    id: guid,
    changes: wireFields(updated),
    request: { method: 'POST', path: 'check', wrap: 'payload' },
    userKey: actor.userKey,
    ...photos?.(row, actor.userId),
  });
  return { ...row, ...updated, syncState: 'local' };
}

/** Edits amount, deposit date and the bank/branch/account/check numbers. */
export function updateCheck(guid: string, details: Partial<CheckDetails>): Promise<CheckRow> {
  return changeCheck(guid, (row) => ({ ...row, ...details }));
}

/** A new image of one side (a retake, or the back where asked); the replaced local image is dropped. */
export async function setCheckImage(guid: string, side: CheckSide, photo: CompressedPhoto): Promise<CheckRow> {
  const photoRow = photoRowOf(photo, 'checks', guid, sideRole[side]);
  return changeCheck(
    guid,
    (row) => ({ ...row, [sideField[side]]: photoRow.id }),
    (before, createdBy) => ({ dropPhotos: [before[sideField[side]]], uploads: { photos: [photoRow], createdBy } }),
  );
}

/** Cancels a check: it leaves its group now (NumbersOfPayments follows); the server gets DELETE check. */
export async function deleteCheck(guid: string): Promise<void> {
  const actor = await currentActor();
  const row = await db.checks.get(guid);
  if (!row) throw new RuleError({ field: 'CheckGuid', messageKey: 'notFound' });
  await deleteRecord({
    table: 'checks',
    id: guid,
    path: 'check',
    // The provider's DELETE check takes the check in its body (spec 7).
    request: { payload: { CheckGuid: guid, ChecksHeaderGuid: row.ChecksHeaderGuid } },
    guard: (current) => editableGroup(current.ChecksHeaderGuid),
    userKey: actor.userKey,
    tables: ['checkGroups'],
    also: () => setPaymentsCount(row.ChecksHeaderGuid),
  });
}

export function photoById(id: string | null | undefined): Promise<PhotoRow | undefined> {
  return id ? db.photos.get(id) : Promise.resolve(undefined);
}

function blobOfBase64(base64: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'image/jpeg' });
}

/**
 * The image of one side: the Blob on the device, else the server's copy (GET check/image with its
 * orientation), kept on the device as an uploaded photo so it shows offline next time.
 */
export async function checkImage(api: ApiClient, check: Pick<Check, 'CheckGuid' | 'FrontImageId' | 'BackImageId'>, side: CheckSide): Promise<Blob | null> {
  const fileId = check[sideField[side]];
  if (!fileId) return null;
  const local = await db.photos.get(fileId);
  if (local) return local.blob;
  const body = answerOf(checkImageAnswer, await api.request('GET', 'check/image/', { orientation: side, chex_checkID: check.CheckGuid }));
  if (!body.Image) return null;
  const blob = blobOfBase64(body.Image);
  await db.photos.put({
    id: fileId,
    ownerTable: 'checks',
    ownerId: check.CheckGuid,
    role: sideRole[side],
    blob,
    mime: 'image/jpeg',
    width: 0,
    height: 0,
    size: blob.size,
    hash: '',
    createdAt: new Date().toISOString(),
    uploadState: 'uploaded',
    fileId,
  });
  return blob;
}

export { newId as newCheckGuid };

/** Refreshes the debts of one payer (their contact guid), or of a whole building (taking the day offline). */
export async function pullDebts(api: ApiClient, of: string | { buildingId: number }): Promise<void> {
  const query = typeof of === 'string' ? { contactGuid: of } : of;
  const scope = (row: Record<string, unknown>) => (typeof of === 'string' ? row.contactGuid === of : row.buildingId === of.buildingId);
  await pullInto(api, { table: 'debts', path: 'debts', query, scope });
}
