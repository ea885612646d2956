// The check payment made offline through the repositories, then replayed by the real engine against
// the real server: every change arrives once, in dependency order, and a repeated replay sends nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client';
import type { ApiClient } from '../../src/api/client';
import { db } from '../../src/db/db';
import type { Check, Debt } from '../../src/lib/domain/entities';
import { createReplayEngine } from '../../src/sync/replay/engine';
import { resetDb, USER } from '../../src/sync/testing/setup';
import { realJpeg } from '../../src/sync/testing/realJpeg';
import { call, loginAs, startTestServer } from '../../server/test/harness';
import type { TestServer } from '../../server/test/harness';
import { cancelPayments, groupsToFill, groupWithChecks, pullChecksToFill, startPayment, submitGroup } from '../../src/features/checks/checkGroupsRepo';
import { addCheck, checkImage, deleteCheck, updateCheck } from '../../src/features/checks/checksRepo';
import { openDebtsOf } from '../../src/features/checks/checksQueries';
import { pullDebts } from '../../src/features/checks/checksRepo';
import { scannedCheck } from '../../src/features/checks/testing/scannedCheck';

let server: TestServer;
let token: string;
let api: ApiClient;
let debts: Debt[];

// Distinct real photos: the server decodes every upload and stores identical pixels once.
const jpeg = async () => ({ blob: await realJpeg(), width: 16, height: 12, hash: crypto.randomUUID() });
const engine = () =>
  createReplayEngine({
    api,
    session: { getToken: async () => token, renew: async () => false, currentUserKey: async () => USER },
    lock: async (work) => ({ acquired: true, value: await work() }),
  });

beforeAll(async () => {
  server = await startTestServer();
  token = (await loginAs(server, 'avi')).token;
  api = createApiClient({ baseUrl: `${server.baseUrl}/api`, getToken: () => token });
});
afterAll(async () => server.close());

beforeEach(async () => {
  await resetDb();
  // A payer with two debts and no payment yet.
  const buildings = await call<{ records: Array<{ id: number }> }>(server, 'GET', '/api/binyan/buildings', { token });
  const all = await call<{ records: Debt[] }>(server, 'GET', `/api/binyan/debts?buildingId=${buildings.body.records[1]?.id}`, { token });
  const count = new Map<string, number>();
  for (const d of all.body.records) count.set(d.contactGuid, (count.get(d.contactGuid) ?? 0) + 1);
  const contactGuid = [...count].find(([, n]) => n >= 2)?.[0];
  await pullDebts(api, contactGuid ?? '');
  debts = (await openDebtsOf(contactGuid ?? '')).slice(0, 2);
});

describe('check payment offline, then replayed', () => {
  it('creates the group from the first check, uploads the images, then finishes and submits exactly once', async () => {
    const total = Math.round((debts[0]?.amount ?? 0) * 100 + (debts[1]?.amount ?? 0) * 100) / 100;
    const group = await startPayment({ contactGuid: debts[0]?.contactGuid ?? '', buildingId: debts[0]?.buildingId ?? 0, debts });
    // Two checks of a quarter each; the third (1 NIS at first) does not make up the total.
    const quarter = Math.floor(total * 25) / 100;
    const a = await addCheck({ check: scannedCheck(group.ChecksHeaderGuid, quarter), front: await jpeg(), back: await jpeg() });
    await addCheck({ check: scannedCheck(group.ChecksHeaderGuid, quarter), front: await jpeg() });
    const c = await addCheck({ check: scannedCheck(group.ChecksHeaderGuid, 1), front: await jpeg() });
    expect((await db.checkGroups.get(group.ChecksHeaderGuid))?.NumbersOfPayments).toBe(3);
    expect(a.CheckStatus).toBe(1);

    await expect(submitGroup(group.ChecksHeaderGuid, { sendAnyway: false })).rejects.toMatchObject({ failure: { messageKey: 'checksTotalMismatch' } });
    await updateCheck(c.CheckGuid, { Amount: Math.round((total - 2 * quarter) * 100) / 100 });
    await submitGroup(group.ChecksHeaderGuid, { sendAnyway: false, workerGuid: 'w' });
    expect(await groupsToFill(group.ChecksHeaderGuid)).toEqual([]);
    const [finish, submit] = (await db.outbox.orderBy('seq').toArray()).filter((e) => e.table === 'checkGroups');
    expect(finish?.dependsOn).toEqual(expect.arrayContaining([`checks:${a.CheckGuid}`, `photos:${a.FrontImageId}`, `photos:${a.BackImageId}`]));
    expect(submit?.request).toMatchObject({ method: 'PUT', path: 'check/submitChecksHeader' });

    const report = await engine().replay();
    expect(report).toMatchObject({ attention: 0, remaining: 0 });
    expect(await db.outbox.count()).toBe(0);
    const onServer = await call<{ records: Array<{ ChecksHeaderGuid: string }> }>(server, 'GET', `/api/binyan/check/toFill?contactGuid=${group.ContactGuid}`, {
      token,
    });
    expect(onServer.body.records.some((g) => g.ChecksHeaderGuid === group.ChecksHeaderGuid)).toBe(false);
    const image = await call<{ Image: string }>(server, 'GET', `/api/binyan/check/image/?orientation=back&chex_checkID=${a.CheckGuid}`, { token });
    expect(Buffer.from(image.body.Image, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await engine().replay()).attempted).toBe(0);
  });

  it('cancels a check offline (POST then DELETE) and drops its unsent image', async () => {
    const group = await startPayment({ contactGuid: debts[0]?.contactGuid ?? '', buildingId: debts[0]?.buildingId ?? 0, debts });
    const keep = await addCheck({ check: scannedCheck(group.ChecksHeaderGuid, 50), front: await jpeg() });
    const drop = await addCheck({ check: scannedCheck(group.ChecksHeaderGuid, 60), front: await jpeg() });
    await deleteCheck(drop.CheckGuid);
    expect((await groupWithChecks(group.ChecksHeaderGuid))?.checks.map((x) => x.CheckGuid)).toEqual([keep.CheckGuid]);
    expect((await db.checkGroups.get(group.ChecksHeaderGuid))?.NumbersOfPayments).toBe(1);
    expect(await db.photos.get(drop.FrontImageId ?? '')).toBeUndefined();
    await engine().replay();
    expect(await db.outbox.count()).toBe(0);
    await pullChecksToFill(api, group.ContactGuid);
    const pulled = await groupWithChecks(group.ChecksHeaderGuid);
    expect(pulled).toMatchObject({ NumbersOfPayments: 1, syncState: 'synced' });
    expect(pulled?.checks.map((x) => x.CheckGuid)).toEqual([keep.CheckGuid]);
  });

  it('cancels all payments: a local draft goes at once, a group the server knows is cancelled there', async () => {
    const local = await startPayment({ contactGuid: debts[0]?.contactGuid ?? '', buildingId: debts[0]?.buildingId ?? 0, debts });
    const sent = await startPayment({ contactGuid: debts[0]?.contactGuid ?? '', buildingId: debts[0]?.buildingId ?? 0, debts });
    await addCheck({ check: scannedCheck(sent.ChecksHeaderGuid, 10), front: await jpeg() });
    await cancelPayments([local.ChecksHeaderGuid, sent.ChecksHeaderGuid]);
    expect(await db.checkGroups.get(local.ChecksHeaderGuid)).toBeUndefined();
    expect(await groupsToFill(debts[0]?.contactGuid)).toEqual([]);
    await engine().replay();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.checkGroups.get(sent.ChecksHeaderGuid))?.Status).toBe('cancelled');
    await expect(submitGroup(sent.ChecksHeaderGuid, { sendAnyway: true })).rejects.toMatchObject({ failure: { messageKey: 'checkGroupNotEditable' } });
  });

  it('keeps a server image on the device after loading it once (check/image with its orientation)', async () => {
    await pullChecksToFill(api, null);
    const seeded = (await groupsToFill(null)).flatMap((g) => g.checks).find((x) => x.FrontImageId !== null);
    expect(seeded).toBeDefined();
    const blob = await checkImage(api, seeded as Check, 'front');
    expect(blob?.size).toBeGreaterThan(100);
    expect(await db.photos.get(seeded?.FrontImageId ?? '')).toMatchObject({ uploadState: 'uploaded', role: 'checkFront' });
  });
});
