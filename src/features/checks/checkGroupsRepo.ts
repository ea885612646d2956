// The check-groups repository (spec 3, 4, 7): a payment = one group of checks against chosen debts.
// A group started on the device lives only here until its first check reaches the server (POST check
// creates it there); finishing the scan, submitting and cancelling ride the outbox like every change.
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { checkGroupsToFill } from '../../lib/answers';
import { db } from '../../db/db';
import { entityKeyOf, newId } from '../../db/mutate';
import type { CheckGroupRow, CheckRow } from '../../db/schema';
import type { CheckGroup } from '../../lib/domain/entities';
import { fromAgorot, numbersOfPayments, sumAgorot, validateSubmit } from '../../lib/domain/checkRules';
import { currentActor } from '../../sync/write/actor';
import { applyServerRecords, removeServerRecords } from '../../sync/write/rows';
import { writeChanges } from '../../sync/write/writePath';
import type { Change } from '../../sync/write/writePath';
import { refuse, RuleError } from '../../lib/validation/rules';

/** A group with its checks, as the screens and the check-payment machine see it. */
export type FillGroup = CheckGroupRow & { checks: CheckRow[] };

const fillStatuses: ReadonlySet<CheckGroup['Status']> = new Set(['draft', 'scanned']);

export function isToFill(group: Pick<CheckGroup, 'Status'>): boolean {
  return fillStatuses.has(group.Status);
}

function byCreated<T extends { CreateDate: string }>(a: T, b: T): number {
  return a.CreateDate.localeCompare(b.CreateDate);
}

async function withChecks(groups: readonly CheckGroupRow[]): Promise<FillGroup[]> {
  const checks = await db.checks
    .where('ChecksHeaderGuid')
    .anyOf(groups.map((g) => g.ChecksHeaderGuid))
    .toArray();
  const order = (c: CheckRow) => c.LastStatusChange ?? '';
  return groups.map((g) => {
    const { checks: _embedded, ...row } = g as CheckGroupRow & { checks?: unknown };
    return { ...row, checks: checks.filter((c) => c.ChecksHeaderGuid === g.ChecksHeaderGuid).sort((a, b) => order(a).localeCompare(order(b))) };
  });
}

/** Groups still to fill (draft or scanned), of one contact or of every contact on the device. */
export async function groupsToFill(contactGuid?: string | null): Promise<FillGroup[]> {
  const rows = contactGuid ? await db.checkGroups.where('ContactGuid').equals(contactGuid).toArray() : await db.checkGroups.toArray();
  return withChecks(rows.filter(isToFill).sort(byCreated));
}

export async function groupWithChecks(guid: string): Promise<FillGroup | null> {
  const row = await db.checkGroups.get(guid);
  return row ? ((await withChecks([row]))[0] ?? null) : null;
}

export type NewPayment = { contactGuid: string; buildingId: number; debts: ReadonlyArray<{ id: string; amount: number }> };

/**
 * Starts a payment on the device: a draft group whose Amount is the chosen debts' total. No outbox
 * entry yet: the server learns of the group from its first check, which carries ContactGuid and DebtIds.
 */
export async function startPayment(input: NewPayment): Promise<FillGroup> {
  refuse(input.debts.length === 0 ? { field: 'DebtIds', messageKey: 'missingDetailsToContinue' } : null);
  const row: CheckGroupRow = {
    ID: null,
    ChecksHeaderGuid: newId(),
    Amount: fromAgorot(sumAgorot(input.debts.map((d) => d.amount))),
    CreateDate: new Date().toISOString(),
    BatchId: null,
    NumbersOfPayments: numbersOfPayments([]),
    ContactGuid: input.contactGuid,
    BuildingId: input.buildingId,
    DebtIds: input.debts.map((d) => d.id),
    Status: 'draft',
    // The server creates the group at version 1 with the first check.
    version: 1,
    syncState: 'local',
  };
  await db.checkGroups.add(row);
  return { ...row, checks: [] };
}

/** Entity keys a group-level call must wait for: its checks (creates, edits, deletes) and their photos. */
export async function groupDependencies(guid: string): Promise<string[]> {
  const checks = await db.checks.where('ChecksHeaderGuid').equals(guid).toArray();
  const keys = new Set<string>(checks.map((c) => entityKeyOf('checks', c.CheckGuid)));
  const photoIds = checks.flatMap((c) => [c.FrontImageId, c.BackImageId]).filter((id): id is string => id !== null);
  for (const id of photoIds) keys.add(entityKeyOf('photos', id));
  for (const entry of await db.outbox.where('entityKey').startsWith('checks:').toArray()) {
    if (entry.payload.ChecksHeaderGuid === guid || entry.base?.ChecksHeaderGuid === guid) keys.add(entry.entityKey);
  }
  return [...keys];
}

/** Has the server heard (or will it hear) of this group: a check of it exists or is still queued. */
async function knownToServer(group: CheckGroupRow): Promise<boolean> {
  if (group.syncState !== 'local') return true;
  if ((await db.checks.where('ChecksHeaderGuid').equals(group.ChecksHeaderGuid).count()) > 0) return true;
  return (await groupDependencies(group.ChecksHeaderGuid)).length > 0;
}

function editable(row: CheckGroupRow): void {
  if (!isToFill(row)) throw new RuleError({ field: 'ChecksHeaderGuid', messageKey: 'checkGroupNotEditable' });
}

export type SubmitOptions = { sendAnyway: boolean; workerGuid?: string };

type GroupCall = {
  op: 'finishScan' | 'submit' | 'cancel';
  /** The provider's PUT check/<path>, answered with the group. */
  path: string;
  /** The group's status on the device once the call is queued. */
  Status: CheckGroup['Status'];
  fields?: Partial<CheckGroupRow>;
  /** Refused in the transaction unless the group is still to fill. */
  editableOnly?: boolean;
};

/** A group-level call (finish the scan, submit, cancel): after every check and photo of the group. */
function groupCall(guid: string, call: GroupCall, dependsOn: string[]): Change {
  return {
    kind: 'change',
    table: 'checkGroups',
    id: guid,
    op: call.op,
    changes: call.fields ?? { ChecksHeaderGuid: guid },
    rowChanges: { Status: call.Status },
    request: { method: 'PUT', path: `check/${call.path}`, wrap: 'payload' },
    ...(call.editableOnly ? { guard: editable } : {}),
    dependsOn,
  };
}

/**
 * Sends a payment: finish the scan (after every check and photo of the group reached the server),
 * then submit — one user action, so both entries commit in one transaction or neither does. Refused
 * here on a totals mismatch unless the user chose "Send anyway" (the server applies the same rule).
 */
export async function submitGroup(guid: string, options: SubmitOptions): Promise<void> {
  const group = await groupWithChecks(guid);
  if (!group) throw new RuleError({ field: 'ChecksHeaderGuid', messageKey: 'notFound' });
  editable(group);
  refuse(validateSubmit(group.checks, group.Amount, options.sendAnyway));
  const actor = await currentActor();
  const dependsOn = await groupDependencies(guid);
  const finishScan = group.Status === 'draft' ? [groupCall(guid, { op: 'finishScan', path: 'finishScan', Status: 'scanned' }, dependsOn)] : [];
  // WorkerGuid and SendAnyway ride along with the group's fields (spec 7: group + WorkerGuid).
  const submission: Partial<CheckGroupRow> & { WorkerGuid: string; SendAnyway?: true } = {
    ChecksHeaderGuid: guid,
    DebtIds: group.DebtIds,
    WorkerGuid: options.workerGuid ?? actor.workerGuid,
    ...(options.sendAnyway ? { SendAnyway: true as const } : {}),
  };
  const submit = groupCall(guid, { op: 'submit', path: 'submitChecksHeader', Status: 'submitted', fields: submission, editableOnly: true }, dependsOn);
  await writeChanges({ userKey: actor.userKey }, [...finishScan, submit]);
}

/**
 * "Cancel all payments": every incomplete group of the contact is cancelled and cannot be continued,
 * in one transaction. A draft the server never heard of is simply dropped from the device.
 */
export async function cancelPayments(guids: readonly string[]): Promise<void> {
  const actor = await currentActor();
  const cancels: Change[] = [];
  const localOnly: string[] = [];
  for (const guid of guids) {
    const row = await db.checkGroups.get(guid);
    if (!row || !isToFill(row)) continue;
    if (!(await knownToServer(row))) {
      localOnly.push(guid);
      continue;
    }
    cancels.push(groupCall(guid, { op: 'cancel', path: 'cancelChecksHeader', Status: 'cancelled', editableOnly: true }, await groupDependencies(guid)));
  }
  await writeChanges({ userKey: actor.userKey, tables: ['checkGroups'], also: () => db.checkGroups.bulkDelete(localOnly) }, cancels);
}

type GroupWithChecks = Record<string, unknown> & { checks?: readonly Record<string, unknown>[] | undefined };

/** Sent groups are not the fill list's: they wait for their deposit (depositRepo.ts pullAwaitingDeposit). */
const notSent = (row: Record<string, unknown>) => row.Status !== 'submitted';

/**
 * Keeps groups to fill as the server sent them, each with its checks (check/toFill, or the incremental
 * pull): `prune` selects the kept groups this answer stands for (those it no longer sends go); the checks
 * of the groups sent, and of the groups pruned, are replaced by those sent. Drafts started on the device
 * and not on the server yet stay until their first check arrives (only `synced` rows are pruned), and
 * sent groups stay for their deposit.
 */
export async function keepGroupsToFill(
  groups: readonly GroupWithChecks[],
  prune: ((row: Record<string, unknown>) => boolean) | undefined,
  sentAt: number,
): Promise<void> {
  const ownPrune = prune ? (row: Record<string, unknown>) => prune(row) && notSent(row) : undefined;
  const guids = new Set(groups.flatMap((g) => (typeof g.ChecksHeaderGuid === 'string' ? [g.ChecksHeaderGuid] : [])));
  if (ownPrune) for (const row of await db.checkGroups.filter(ownPrune).toArray()) guids.add(row.ChecksHeaderGuid);
  await applyServerRecords(
    'checkGroups',
    groups.map(({ checks: _c, ...g }) => g),
    ownPrune ? (row) => ownPrune(row) && row.syncState === 'synced' : undefined,
    sentAt,
  );
  await applyServerRecords(
    'checks',
    groups.flatMap((g) => g.checks ?? []),
    (row) => typeof row.ChecksHeaderGuid === 'string' && guids.has(row.ChecksHeaderGuid) && row.syncState === 'synced',
    sentAt,
  );
}

/** Removes groups no longer to fill on the server (cancelled, deleted, sent elsewhere) with their checks, unless changed here. */
export async function forgetGroupsToFill(
  guids: readonly (string | number)[],
  inScope: (row: Record<string, unknown>) => boolean,
  sentAt: number,
): Promise<void> {
  // A group sent from here leaves the fill list but waits for its deposit, with its checks.
  const sent = new Set((await db.checkGroups.bulkGet(guids.map(String))).flatMap((row) => (row && !notSent(row) ? [row.ChecksHeaderGuid] : [])));
  const ids = guids.map(String).filter((id) => !sent.has(id));
  await removeServerRecords('checkGroups', ids, (row) => inScope(row) && row.syncState === 'synced', sentAt);
  const checks = await db.checks.where('ChecksHeaderGuid').anyOf(ids).primaryKeys();
  await removeServerRecords('checks', checks, (row) => row.syncState === 'synced', sentAt);
}

/** Refreshes the groups to fill (GET check/toFill): replaces the server's groups, keeps local changes. */
export async function pullChecksToFill(api: ApiClient, contactGuid?: string | null): Promise<number> {
  const sentAt = Date.now();
  const { records: groups } = answerOf(checkGroupsToFill, await api.request('GET', 'check/toFill', contactGuid ? { contactGuid } : undefined));
  await keepGroupsToFill(groups, (row) => !contactGuid || row.ContactGuid === contactGuid, sentAt);
  return groups.length;
}
