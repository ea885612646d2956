// Sent check payments waiting for their deposit confirmation (spec 4): kept on the device so one put
// off ("Not now", a reload, a closed app) is found again, and what of a payment is still on its way.
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import { entityKeyOf } from '../../db/mutate';
import type { CheckGroupRow } from '../../db/schema';
import { checkGroupsAwaitingDeposit } from '../../lib/answers';
import { applyServerRecords } from '../../sync/write/rows';
import { groupDependencies, groupWithChecks } from './checkGroupsRepo';
import type { FillGroup } from './checkGroupsRepo';

const isSent = (row: Record<string, unknown>) => row.Status === 'submitted';

/**
 * Refreshes the sent payments waiting for their deposit (GET check/awaitingDeposit): the server's list
 * replaces the synced sent groups on the device (one confirmed elsewhere leaves); a group sent here
 * and still on its way stays.
 */
export async function pullAwaitingDeposit(api: ApiClient): Promise<number> {
  const sentAt = Date.now();
  const { records } = answerOf(checkGroupsAwaitingDeposit, await api.request('GET', 'check/awaitingDeposit'));
  // The checks this answer speaks for: of the groups it lists, and of the synced ones it may drop. A
  // group still on its way from this phone keeps its checks (the server has them, not the payment yet).
  const answered = new Set((await db.checkGroups.filter((row) => isSent(row) && row.syncState === 'synced').toArray()).map((g) => g.ChecksHeaderGuid));
  for (const g of records) answered.add(g.ChecksHeaderGuid);
  await applyServerRecords(
    'checkGroups',
    records.map(({ checks: _c, ...g }) => g),
    (row) => isSent(row) && row.syncState === 'synced',
    sentAt,
  );
  await applyServerRecords(
    'checks',
    records.flatMap((g) => g.checks ?? []),
    (row) => typeof row.ChecksHeaderGuid === 'string' && answered.has(row.ChecksHeaderGuid) && row.syncState === 'synced',
    sentAt,
  );
  return records.length;
}

/** The sent payments on the device whose deposit is not confirmed yet, the newest sent first. */
export async function awaitingDeposit(): Promise<FillGroup[]> {
  const rows = (await db.checkGroups.where('Status').equals('submitted').toArray()).filter((g) => !g.DepositConfirmedAt);
  const sentOf = (g: CheckGroupRow) => g.SubmittedAt ?? g.CreateDate;
  const sorted = rows.sort((a, b) => sentOf(b).localeCompare(sentOf(a)));
  return (await Promise.all(sorted.map((g) => groupWithChecks(g.ChecksHeaderGuid)))).filter((g): g is FillGroup => g !== null);
}

/** A sent payment on the device, to confirm its deposit; null when there is none (or it is not sent). */
export async function sentGroup(guid: string): Promise<FillGroup | null> {
  const group = await groupWithChecks(guid);
  return group && group.Status === 'submitted' ? group : null;
}

/**
 * A deposit confirmed here: the payment leaves the list of those waiting at once (the screen it was
 * confirmed on still shows it); the next pull of the list removes it from the device.
 */
export async function markDepositConfirmed(guid: string, at = new Date().toISOString()): Promise<void> {
  await db.checkGroups.update(guid, { DepositConfirmedAt: at });
}

/** What of a payment is still on its way to the server: its check photos, and its other changes. */
export type GroupUploads = {
  photosTotal: number;
  photosSent: number;
  /** Entries of the group still waiting (photos included). */
  waiting: number;
  /** Something of the group is on the wire right now. */
  sending: boolean;
  /** The reason of the first entry the server refused (the user must act on the Sync screen). */
  refusedKey: string | null;
};

export async function groupUploads(guid: string): Promise<GroupUploads> {
  const checks = await db.checks.where('ChecksHeaderGuid').equals(guid).toArray();
  const photoKeys = checks
    .flatMap((c) => [c.FrontImageId, c.BackImageId])
    .filter((id): id is string => id !== null)
    .map((id) => entityKeyOf('photos', id));
  const keys = [entityKeyOf('checkGroups', guid), ...(await groupDependencies(guid))];
  const entries = await db.outbox.where('entityKey').anyOf(keys).toArray();
  const photosWaiting = new Set(entries.filter((e) => e.kind === 'photo').map((e) => e.entityKey));
  const refused = entries.find((e) => e.state === 'attention');
  return {
    photosTotal: photoKeys.length,
    photosSent: photoKeys.filter((k) => !photosWaiting.has(k)).length,
    waiting: entries.length,
    sending: entries.some((e) => e.state === 'inFlight'),
    refusedKey: refused ? (refused.lastError?.messageKey ?? 'errors:somethingWentWrong') : null,
  };
}
