import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { createServiceCall, addUpdate, changeStatus, updateServiceCall } from '../testing/serviceCallRecords';
import { createRig, resetDb, USER } from '../testing/setup';
import { RENEWAL_RETRY_MS } from './pass';
import { runnableEntries } from './plan';
import type { ReplayReport } from './engine';
import { inProcessLock } from './lock';
import type { LockRunner } from './lock';
import { userKeyOf } from '../write/userKey';
import type { OutboxEntry } from '../../db/outboxRows';

const photo = () => ({ blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' }), width: 10, height: 10, hash: 'abc' });
const newCall = { buildingId: 1, domain: 'plumbing' as const, description: 'Leak in the basement pipe' };

beforeEach(resetDb);

describe('replay engine', () => {
  it('replays a call created offline exactly once and marks it applied', async () => {
    const rig = createRig();
    const id = await createServiceCall(newCall);
    expect((await db.serviceCalls.get(id))?.syncState).toBe('local');
    const report = await rig.engine.replay();
    expect(report).toMatchObject({ ran: true, applied: 1, remaining: 0, attention: 0 });
    expect(rig.server.applied).toHaveLength(1);
    const row = await db.serviceCalls.get(id);
    expect(row).toMatchObject({ syncState: 'synced', version: 1, tab: 'open' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.syncLog.count()).toBe(1);
  });

  it('attempts nothing while the device knows it is offline, and replays once it is back', async () => {
    const rig = createRig({ isOnline: () => false });
    const id = await createServiceCall(newCall);
    for (let i = 0; i < 3; i++) expect(await rig.engine.replay()).toMatchObject({ ran: false, attempted: 0, waitingForConnection: true });
    expect(rig.server.applied).toHaveLength(0);
    expect(await db.outbox.toArray()).toMatchObject([{ state: 'pending', attempts: 0, lastError: null }]);
    // The browser's `online` (or Background Sync) is evidence enough, even before the flag catches up.
    expect(await rig.engine.replay({ connectivityConfirmed: true })).toMatchObject({ ran: true, applied: 1, attempted: 1 });
    expect((await db.serviceCalls.get(id))?.syncState).toBe('synced');
    // Support reads in the log which trigger made each attempt.
    expect((await db.syncLog.toArray()).map((row) => row.trigger)).toEqual([undefined]);
  });

  it("names on each attempt's log row what started its pass, single and batched", async () => {
    const rig = createRig();
    const first = await createServiceCall(newCall);
    await rig.engine.replay({ trigger: 'worker:sync-event' });
    await updateServiceCall(first, { priority: 'high' });
    await createServiceCall(newCall);
    await rig.engine.replay({ trigger: 'page:manual' });
    expect((await db.syncLog.orderBy('id').toArray()).map((row) => row.trigger)).toEqual(['worker:sync-event', 'page:manual', 'page:manual']);
  });

  it('sends the update of a call created offline after the call, with the new base version', async () => {
    const rig = createRig();
    const id = await createServiceCall(newCall);
    await updateServiceCall(id, { priority: 'urgent' });
    await changeStatus(id, 'inTreatment');
    const report = await rig.engine.replay();
    expect(report.applied).toBe(3);
    expect(rig.server.applied.map((a) => a.method)).toEqual(['POST', 'PATCH', 'PATCH']);
    expect(rig.server.records.get(`service-calls/${id}`)).toMatchObject({ priority: 'urgent', status: 'inTreatment', version: 3 });
    expect(await db.serviceCalls.get(id)).toMatchObject({ priority: 'urgent', status: 'inTreatment', version: 3, syncState: 'synced' });
  });

  it('suppresses the duplicate when the server committed but the response was lost', async () => {
    const rig = createRig();
    const id = await createServiceCall(newCall);
    rig.server.faults.push('lostResponse');
    const first = await rig.engine.replay();
    expect(first).toMatchObject({ applied: 0, remaining: 1 });
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending', attempts: 1 });
    rig.clock.t = first.nextWakeAt ?? rig.clock.t;
    const second = await rig.engine.replay();
    expect(second.applied).toBe(1);
    expect(rig.server.applied).toHaveLength(1);
    expect(rig.server.requests.filter((r) => r.method === 'POST').map((r) => r.key)).toEqual([rig.server.requests[0]?.key, rig.server.requests[0]?.key]);
    expect((await db.serviceCalls.get(id))?.syncState).toBe('synced');
  });

  it.each(['server500', 'rateLimited', 'portal', 'network'] as const)('keeps the entry and backs off on %s', async (fault) => {
    const rig = createRig();
    await createServiceCall(newCall);
    rig.server.faults.push(fault);
    const report = await rig.engine.replay();
    expect(report.applied).toBe(0);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'pending', attempts: 1 });
    expect(entry?.lastError?.kind).toBe('retry');
    if (fault === 'rateLimited') expect(entry?.nextAttemptAt).toBe(rig.clock.t + 7_000);
    else expect(entry?.nextAttemptAt).toBe(rig.clock.t + 500);
    expect(rig.server.applied).toHaveLength(fault === 'portal' ? 0 : 0);
    expect(await rig.engine.replay()).toMatchObject({ attempted: 0 });
    rig.clock.t += 10_000;
    expect(await rig.engine.replay()).toMatchObject({ applied: 1, remaining: 0 });
  });

  it('pauses on 401, renews the session once and resumes without dropping anything', async () => {
    const rig = createRig();
    for (let i = 0; i < 6; i += 1) await createServiceCall({ ...newCall, description: `Leak number ${i} in the basement` });
    rig.server.token = 'token-2';
    const report = await rig.engine.replay();
    expect(rig.session.renewals).toBe(1);
    expect(report).toMatchObject({ applied: 6, remaining: 0, needsLogin: false });
    expect(rig.server.applied).toHaveLength(6);
    expect((await db.syncLog.toArray()).some((l) => l.outcome === 'auth')).toBe(true);
  });

  it('keeps the queue and reports needsLogin when the silent re-login fails', async () => {
    const rig = createRig();
    await createServiceCall(newCall);
    rig.server.token = 'token-2';
    rig.session.renewWorks = false;
    const report = await rig.engine.replay();
    expect(report).toMatchObject({ needsLogin: true, applied: 0 });
    expect(await db.outbox.toArray()).toMatchObject([{ state: 'pending', attempts: 0 }]);
  });

  it('keeps the worker signed in when the renewal gets no answer, and sends everything once it renews later', async () => {
    const rig = createRig();
    await createServiceCall(newCall);
    rig.server.token = 'token-2';
    rig.session.renewAnswered = false;
    const report = await rig.engine.replay();
    expect(report).toMatchObject({ needsLogin: false, applied: 0, remaining: 1, nextWakeAt: rig.clock.t + RENEWAL_RETRY_MS });
    expect(await db.outbox.toArray()).toMatchObject([{ state: 'pending', attempts: 0 }]);

    rig.session.renewAnswered = true;
    rig.clock.t += RENEWAL_RETRY_MS;
    expect(await rig.engine.replay()).toMatchObject({ needsLogin: false, applied: 1, remaining: 0 });
    expect(rig.server.applied).toHaveLength(1);
  });

  it('marks a validation refusal as needing attention with the server message, and blocks only that record', async () => {
    const rig = createRig();
    const bad = await createServiceCall({ ...newCall, description: 'Refuse me please now' });
    await updateServiceCall(bad, { priority: 'high' });
    const good = await createServiceCall(newCall);
    rig.server.validate = (method, _path, body) => (method === 'POST' && body.description === 'Refuse me please now' ? 'description' : null);
    const report = await rig.engine.replay();
    expect(report).toMatchObject({ applied: 1, attention: 1, remaining: 1, held: 1 });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries[0]).toMatchObject({
      state: 'attention',
      lastError: { kind: 'rejected', messageKey: 'errors:descriptionTooShort', field: 'description', status: 422 },
    });
    expect(entries[1]).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await db.serviceCalls.get(bad))?.syncState).toBe('attention');
    expect((await db.serviceCalls.get(good))?.syncState).toBe('synced');
  });

  it('uploads a photo only after its owner is applied, and marks it uploaded', async () => {
    const rig = createRig();
    const id = await createServiceCall(newCall, [photo()]);
    const update = await addUpdate(id, 'Plumber came', [photo()]);
    await rig.engine.replay();
    const order = rig.server.applied.map((a) => a.path.replace(/[0-9a-f-]{36}/g, ':id'));
    expect(order).toEqual(['service-calls', 'service-calls/:id/updates', 'files/uploads/upload-1/finish', 'files/uploads/upload-2/finish']);
    // The second photo has the same bytes: the server stores it once, both get its file id.
    expect([...rig.server.records.keys()].filter((k) => k.startsWith('files/'))).toHaveLength(1);
    expect(await db.photos.toArray()).toMatchObject([{ uploadState: 'uploaded' }, { uploadState: 'uploaded' }]);
    expect(await db.serviceCallUpdates.get(update)).toMatchObject({ syncState: 'synced' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('does not replay entries of another user', async () => {
    const rig = createRig();
    await createServiceCall(newCall);
    await db.outbox.toCollection().modify({ ownerUserKey: await userKeyOf(1001, 'dana') });
    expect(await rig.engine.replay()).toMatchObject({ attempted: 0 });
    expect(await db.outbox.count()).toBe(1);
  });

  it('replays a change made while a pass is letting go of the lock in one pass right after it', async () => {
    const base = inProcessLock();
    let whileLettingGo: (() => Promise<void>) | null = null;
    // The pass has left its loop and is about to let go of the lock when the next change comes.
    const lock: LockRunner = (work) =>
      base(async () => {
        const value = await work();
        const hook = whileLettingGo;
        whileLettingGo = null;
        await hook?.();
        return value;
      });
    const rig = createRig({ lock });
    await createServiceCall(newCall);
    let second: Promise<ReplayReport> | undefined;
    whileLettingGo = async () => {
      await createServiceCall({ ...newCall, description: 'The second leak, in the parking level' });
      second = rig.engine.replay();
    };
    expect(await rig.engine.replay()).toMatchObject({ applied: 1, remaining: 0 });
    const secondReport = await second;
    expect(secondReport).toMatchObject({ ran: true, applied: 1, remaining: 0 });
    expect(rig.server.applied).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it('treats an entry left in flight by a crash as pending and resends it under the same key', async () => {
    const rig = createRig();
    await createServiceCall(newCall);
    const [entry] = await db.outbox.toArray();
    await db.outbox.update(entry?.id ?? '', { state: 'inFlight', attempts: 1 });
    await rig.engine.replay();
    expect(rig.server.requests[0]?.key).toBe(entry?.id);
    expect(await db.outbox.count()).toBe(0);
  });
});

function entry(seq: number, entityKey: string, patch: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: `e${seq}`,
    seq,
    op: 'update',
    table: entityKey.split(':')[0] ?? '',
    recordId: entityKey.split(':')[1] ?? '',
    entityKey,
    request: { method: 'PATCH', path: 'x', wrap: 'changes', versionIn: 'body' },
    payload: {},
    rowPatch: {},
    base: {},
    baseVersion: 1,
    dependsOn: [],
    kind: 'mutation',
    createdAt: '',
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    lastError: null,
    ownerUserKey: USER,
    ...patch,
  };
}

describe('runnableEntries (ordering)', () => {
  it('runs one entry per record, in seq order, mutations before photos', () => {
    const list = [entry(1, 'photos:p', { kind: 'photo' }), entry(2, 'serviceCalls:a'), entry(3, 'serviceCalls:a'), entry(4, 'serviceCalls:b')];
    expect(runnableEntries(list, 0, new Set()).map((e) => e.id)).toEqual(['e2', 'e4', 'e1']);
  });

  it('holds dependents until the entries they depend on are gone, and a stuck record blocks only itself', () => {
    const list = [
      entry(1, 'meterReadings:r', { state: 'attention' }),
      entry(2, 'photos:p', { kind: 'photo', dependsOn: ['meterReadings:r'] }),
      entry(3, 'meterReadings:r'),
      entry(4, 'serviceCalls:c'),
      entry(5, 'photos:q', { kind: 'photo', dependsOn: ['serviceCalls:c'] }),
    ];
    expect(runnableEntries(list, 0, new Set()).map((e) => e.id)).toEqual(['e4']);
  });

  it('does not wait for entries of the dependency made after the dependent', () => {
    const list = [entry(1, 'photos:p', { kind: 'photo', dependsOn: ['meterReadings:r'] }), entry(2, 'meterReadings:r')];
    expect(runnableEntries(list, 0, new Set()).map((e) => e.id)).toEqual(['e2', 'e1']);
  });

  it('waits for the retry time and skips records with an entry in flight', () => {
    const list = [entry(1, 'a:1', { nextAttemptAt: 5_000 }), entry(2, 'b:1'), entry(3, 'c:1')];
    expect(runnableEntries(list, 1_000, new Set(['e2'])).map((e) => e.id)).toEqual(['e3']);
    expect(runnableEntries(list, 5_000, new Set()).map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
  });
});
