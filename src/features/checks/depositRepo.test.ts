// The sent payments waiting for their deposit stay on the device (a reload, a closed app) until the
// server's list no longer has them; the pull of the groups to fill leaves them alone.
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { fakeFetch } from '../../api/testing/fakeFetch';
import { db } from '../../db/db';
import { resetDb } from '../../sync/testing/setup';
import { forgetGroupsToFill, keepGroupsToFill, pullChecksToFill, startPayment, submitGroup } from './checkGroupsRepo';
import { addCheck } from './checksRepo';
import { awaitingDeposit, groupUploads, markDepositConfirmed, pullAwaitingDeposit } from './depositRepo';
import { scannedCheck, frontPhoto } from './testing/scannedCheck';

const check = (groupGuid: string, Amount: number) => scannedCheck(groupGuid, Amount, { version: 1 });
const sentGroup = (guid: string, SubmittedAt: string) => ({
  ID: 5001,
  ChecksHeaderGuid: guid,
  ContactGuid: 'contact-1',
  Status: 'submitted',
  Amount: 100,
  CreateDate: '2030-01-01T08:00:00Z',
  BatchId: null,
  NumbersOfPayments: 1,
  BuildingId: 101,
  DebtIds: ['d1'],
  version: 3,
  SubmittedAt,
  PayerName: 'דנה כהן',
  checks: [check(guid, 100)],
});
const serving = (bodies: Record<string, unknown>) =>
  createApiClient({ fetch: fakeFetch((req) => ({ body: bodies[new URL(req.url, 'http://x').pathname.replace('/api/binyan/', '')] ?? { records: [] } })) });

beforeEach(resetDb);

describe('payments waiting for their deposit on the device', () => {
  it('are listed newest sent first, kept by the pull of the groups to fill, and leave once confirmed', async () => {
    const api = serving({ 'check/awaitingDeposit': { records: [sentGroup('g-old', '2030-01-02T08:00:00Z'), sentGroup('g-new', '2030-01-03T08:00:00Z')] } });
    expect(await pullAwaitingDeposit(api)).toBe(2);
    expect((await awaitingDeposit()).map((g) => [g.ChecksHeaderGuid, g.PayerName, g.checks.length])).toEqual([
      ['g-new', 'דנה כהן', 1],
      ['g-old', 'דנה כהן', 1],
    ]);
    // The groups to fill come without them: they stay, with their checks.
    await pullChecksToFill(api);
    expect((await awaitingDeposit()).map((g) => g.checks.length)).toEqual([1, 1]);

    // Nor does the incremental pull, which sees them leave the fill list.
    await keepGroupsToFill([], () => true, Date.now());
    await forgetGroupsToFill(['g-new', 'g-old'], () => true, Date.now());
    expect((await awaitingDeposit()).map((g) => g.checks.length)).toEqual([1, 1]);

    await markDepositConfirmed('g-new');
    expect((await awaitingDeposit()).map((g) => g.ChecksHeaderGuid)).toEqual(['g-old']);
    // Confirmed elsewhere (or here): the server's list no longer has it, and the device lets it go.
    await pullAwaitingDeposit(serving({ 'check/awaitingDeposit': { records: [sentGroup('g-old', '2030-01-02T08:00:00Z')] } }));
    expect(await db.checkGroups.get('g-new')).toBeUndefined();
    expect(await db.checks.where('ChecksHeaderGuid').equals('g-new').count()).toBe(0);
  });

  it('include a payment sent from this phone that is still on its way, with how far its photos got', async () => {
    const group = await startPayment({ contactGuid: 'contact-1', buildingId: 101, debts: [{ id: 'debt-1', amount: 250 }] });
    await addCheck({ check: scannedCheck(group.ChecksHeaderGuid, 150), front: frontPhoto });
    await addCheck({ check: scannedCheck(group.ChecksHeaderGuid, 100), front: frontPhoto });
    await submitGroup(group.ChecksHeaderGuid, { sendAnyway: false, workerGuid: 'w-avi' });
    await pullAwaitingDeposit(serving({}));
    expect((await awaitingDeposit()).map((g) => [g.ChecksHeaderGuid, g.syncState])).toEqual([[group.ChecksHeaderGuid, 'local']]);
    expect(await groupUploads(group.ChecksHeaderGuid)).toEqual({ photosTotal: 2, photosSent: 0, waiting: 6, sending: false, refusedKey: null });

    // Its checks and one photo reach the server, the payment not yet: the server does not list it, and
    // the device keeps it with its checks.
    const entries = await db.outbox.toArray();
    const arrived = entries.filter((e) => e.entityKey.startsWith('checks:') || e.id === entries.find((p) => p.kind === 'photo')?.id);
    await db.outbox.bulkDelete(arrived.map((e) => e.id));
    await db.checks.toCollection().modify({ syncState: 'synced' });
    expect(await groupUploads(group.ChecksHeaderGuid)).toMatchObject({ photosTotal: 2, photosSent: 1, waiting: 3 });
    await pullAwaitingDeposit(serving({}));
    expect((await awaitingDeposit()).map((g) => [g.ChecksHeaderGuid, g.checks.length])).toEqual([[group.ChecksHeaderGuid, 2]]);
  });
});
