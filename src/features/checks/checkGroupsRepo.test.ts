import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { isApiError } from '../../api/errors';
import { fakeFetch } from '../../api/testing/fakeFetch';
import { db } from '../../db/db';
import type { OutboxEntry } from '../../db/outboxRows';
import { resetDb } from '../../sync/testing/setup';
import { pullChecksToFill, startPayment, submitGroup } from './checkGroupsRepo';
import { addCheck } from './checksRepo';
import { scannedCheck, frontPhoto } from './testing/scannedCheck';

/** A payment of one 250 NIS debt, scanned with one matching check, still a draft. */
async function scannedPayment(): Promise<string> {
  const group = await startPayment({ contactGuid: 'contact-1', buildingId: 101, debts: [{ id: 'debt-1', amount: 250 }] });
  await addCheck({ check: scannedCheck(group.ChecksHeaderGuid, 250), front: frontPhoto });
  return group.ChecksHeaderGuid;
}

const groupEntries = async (guid: string): Promise<OutboxEntry[]> => db.outbox.where('entityKey').equals(`checkGroups:${guid}`).sortBy('seq');

/** The process dies as the entry of `op` is being written (IndexedDB then aborts the open transaction). */
function killWhenWriting(op: string): () => void {
  const hook = (_key: unknown, entry: OutboxEntry) => {
    if (entry.op === op) throw new Error('killed');
  };
  db.outbox.hook('creating', hook);
  return () => db.outbox.hook('creating').unsubscribe(hook);
}

let revive: (() => void) | null = null;
beforeEach(resetDb);
afterEach(() => {
  revive?.();
  revive = null;
});

describe('sending a payment is one user action', () => {
  it('finishes the scan and submits in one transaction, in that order', async () => {
    const guid = await scannedPayment();
    await submitGroup(guid, { sendAnyway: false });
    const entries = await groupEntries(guid);
    expect(entries.map((e) => e.op)).toEqual(['finishScan', 'submit']);
    expect((entries[1]?.seq ?? 0) - (entries[0]?.seq ?? 0)).toBe(1);
    expect(await db.checkGroups.get(guid)).toMatchObject({ Status: 'submitted', syncState: 'local' });
  });

  it('leaves nothing of it queued when the app dies between finishing the scan and submitting', async () => {
    const guid = await scannedPayment();
    const before = await db.outbox.count();
    revive = killWhenWriting('submit');
    await expect(submitGroup(guid, { sendAnyway: false })).rejects.toThrow('killed');
    expect(await groupEntries(guid)).toEqual([]);
    expect(await db.outbox.count()).toBe(before);
    expect((await db.checkGroups.get(guid))?.Status).toBe('draft');

    // Started again, the whole action goes through once.
    revive();
    revive = null;
    await submitGroup(guid, { sendAnyway: false });
    expect((await groupEntries(guid)).map((e) => e.op)).toEqual(['finishScan', 'submit']);
  });
});

describe('the groups to fill, as the server answers them', () => {
  it('are checked at the edge: a group without its guid is an error, and nothing is written', async () => {
    const api = createApiClient({ fetch: fakeFetch(() => ({ body: { records: [{ ContactGuid: 'contact-1', checks: [] }] } })) });
    const error = await pullChecksToFill(api).catch((e: unknown) => e);
    expect(isApiError(error) && error.errorCode).toBe('BAD_RESPONSE');
    expect(await db.checkGroups.count()).toBe(0);
  });

  it('bring the groups and their checks onto the device', async () => {
    const group = { ChecksHeaderGuid: 'g-1', ContactGuid: 'contact-1', Status: 'scanned', version: 2, checks: [{ ...scannedCheck('g-1', 100), version: 1 }] };
    const api = createApiClient({ fetch: fakeFetch(() => ({ body: { records: [group] } })) });
    expect(await pullChecksToFill(api)).toBe(1);
    expect(await db.checkGroups.get('g-1')).toMatchObject({ Status: 'scanned', syncState: 'synced' });
    expect(await db.checks.where('ChecksHeaderGuid').equals('g-1').count()).toBe(1);
  });
});
