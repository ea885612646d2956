// The engine with batches: many records' queued changes in one request, every answer classified as its
// single request's would be and applied in one IndexedDB transaction; faults of a whole batch; the
// fallback to one request per change on a provider without the batch call.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db';
import type { OutboxEntry } from '../../db/outboxRows';
import { isBatchable, itemOf, pickBatch } from './batch';
import { addUpdate, createServiceCall, updateServiceCall } from '../testing/serviceCallRecords';
import { createRig, resetDb } from '../testing/setup';

const newCall = (n: number) => ({ buildingId: 1, domain: 'plumbing' as const, description: `Leak number ${n} in the basement pipe` });
const photo = () => ({ blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' }), width: 10, height: 10, hash: 'abc' });

async function queueCalls(calls: number, changesEach: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < calls; i += 1) ids.push(await createServiceCall(newCall(i)));
  for (let n = 0; n < changesEach; n += 1) for (const id of ids) await updateServiceCall(id, { subject: `change ${n}` });
  return ids;
}

beforeEach(resetDb);

describe('replay in batches', () => {
  it("sends many records' queued changes in one request and applies all answers in one transaction", async () => {
    const rig = createRig({ serverBatches: true });
    const ids = await queueCalls(5, 3);
    const transaction = vi.spyOn(db, 'transaction');
    const report = await rig.engine.replay();
    const writes = transaction.mock.calls.filter((args) => args[0] === 'rw').length;
    transaction.mockRestore();
    expect(report).toMatchObject({ applied: 20, attempted: 20, remaining: 0, attention: 0 });
    expect(rig.server.batchRequests).toHaveLength(1);
    expect(rig.server.batchRequests[0]).toHaveLength(20);
    // One transaction marks the batch in flight, one applies its answers.
    expect(writes).toBe(2);
    for (const id of ids) {
      expect(rig.server.records.get(`service-calls/${id}`)).toMatchObject({ subject: 'change 2', version: 4 });
      expect(await db.serviceCalls.get(id)).toMatchObject({ subject: 'change 2', version: 4, syncState: 'synced' });
    }
    expect(await db.syncLog.count()).toBe(20);
  });

  it('retries a batch whose answer was lost with the same keys, and the server applies each change once', async () => {
    const rig = createRig({ serverBatches: true });
    const ids = await queueCalls(3, 2);
    rig.server.faults.push('lostResponse');
    const first = await rig.engine.replay();
    expect(first).toMatchObject({ applied: 0, remaining: 9 });
    expect((await db.outbox.toArray()).map((e) => [e.state, e.attempts, e.lastError?.code])).toEqual(
      Array.from({ length: 9 }, () => ['pending', 1, 'network']),
    );
    rig.clock.t = first.nextWakeAt ?? rig.clock.t;
    expect(await rig.engine.replay()).toMatchObject({ applied: 9, remaining: 0 });
    expect(rig.server.batchRequests).toHaveLength(2);
    expect(rig.server.batchRequests[1]).toEqual(rig.server.batchRequests[0]);
    expect(rig.server.applied).toHaveLength(9);
    for (const id of ids) expect(await db.serviceCalls.get(id)).toMatchObject({ version: 3, syncState: 'synced' });
  });

  it('counts a batch cut off with the app as an attempt of each change, shows its rows saved on the device, and resends it under the same keys', async () => {
    const rig = createRig({ serverBatches: true });
    const ids = await queueCalls(2, 1);
    rig.server.faults.push('hangAfterCommit');
    // The server commits the batch; its answer never comes, and the app is closed while it waits.
    void rig.engine.replay();
    await vi.waitFor(() => expect(rig.server.applied).toHaveLength(4));
    for (const id of ids) expect((await db.serviceCalls.get(id))?.syncState).toBe('sent');

    const report = await rig.restart().replay();
    expect(report).toMatchObject({ applied: 4, remaining: 0 });
    expect(rig.server.batchRequests).toHaveLength(2);
    expect(rig.server.batchRequests[1]).toEqual(rig.server.batchRequests[0]);
    expect(rig.server.applied).toHaveLength(4);
    // The cut attempt was the first: the one answered is each change's second.
    expect((await db.syncLog.toArray()).map((l) => [l.outcome, l.attempt])).toEqual(Array.from({ length: 4 }, () => ['applied', 2]));
    for (const id of ids) expect(await db.serviceCalls.get(id)).toMatchObject({ syncState: 'synced', version: 2 });
    expect(await db.meta.filter((m) => m.key.startsWith('sync.flight:')).count()).toBe(0);
  });

  it('renews the session when it ends in the middle of a batch and sends the rest once', async () => {
    const rig = createRig({ serverBatches: true });
    await queueCalls(4, 1);
    rig.server.faults.push('expireMidBatch');
    const report = await rig.engine.replay();
    expect(rig.session.renewals).toBe(1);
    expect(report).toMatchObject({ applied: 8, remaining: 0, needsLogin: false });
    expect(rig.server.applied).toHaveLength(8);
    expect(new Set(rig.server.applied.map((a) => a.key)).size).toBe(8);
  });

  it.each(['server500', 'portal', 'rateLimited'] as const)('backs off the whole batch on %s, each entry counted once', async (fault) => {
    const rig = createRig({ serverBatches: true });
    await queueCalls(2, 1);
    rig.server.faults.push(fault);
    const report = await rig.engine.replay();
    expect(report).toMatchObject({ applied: 0, remaining: 4 });
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.state, e.attempts, e.lastError?.kind])).toEqual(Array.from({ length: 4 }, () => ['pending', 1, 'retry']));
    rig.clock.t += 60_000;
    expect(await rig.engine.replay()).toMatchObject({ applied: 4, remaining: 0 });
    expect(rig.server.applied).toHaveLength(4);
  });

  it("keeps the other records' changes when one is refused, and holds that record's later changes uncounted", async () => {
    const rig = createRig({ serverBatches: true });
    const bad = await createServiceCall({ ...newCall(1), description: 'Refuse me please now' });
    await updateServiceCall(bad, { priority: 'high' });
    const good = await createServiceCall(newCall(2));
    await updateServiceCall(good, { priority: 'high' });
    rig.server.validate = (method, _path, body) => (method === 'POST' && body.description === 'Refuse me please now' ? 'description' : null);
    const report = await rig.engine.replay();
    expect(report).toMatchObject({ applied: 2, attention: 1, remaining: 1 });
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left[0]).toMatchObject({ state: 'attention', lastError: { kind: 'rejected', field: 'description', status: 422 } });
    expect(left[1]).toMatchObject({ state: 'pending', attempts: 0, lastError: null });
    expect((await db.serviceCalls.get(bad))?.syncState).toBe('attention');
    expect(await db.serviceCalls.get(good)).toMatchObject({ syncState: 'synced', version: 2 });
  });

  it('merges a 409 of a batch silently and sends the merged change again', async () => {
    const rig = createRig({ serverBatches: true });
    const id = await createServiceCall(newCall(1));
    await rig.engine.replay();
    await updateServiceCall(id, { priority: 'high' });
    rig.server.editAsOther(`service-calls/${id}`, { subject: 'theirs' });
    expect(await rig.engine.replay()).toMatchObject({ remaining: 0 });
    expect(await db.serviceCalls.get(id)).toMatchObject({ priority: 'high', subject: 'theirs', version: 3, syncState: 'synced' });
  });

  it('sends photos on their own, after their owner', async () => {
    const rig = createRig({ serverBatches: true });
    const id = await createServiceCall(newCall(1), [photo()]);
    await addUpdate(id, 'Plumber came', []);
    await rig.engine.replay();
    expect(rig.server.batchRequests).toHaveLength(1);
    expect(rig.server.batchRequests[0]).toHaveLength(2);
    expect(rig.server.applied.map((a) => a.path.replace(/[0-9a-f-]{36}/g, ':id'))).toEqual([
      'service-calls',
      'service-calls/:id/updates',
      'files/uploads/upload-1/finish',
    ]);
    expect(await db.photos.toArray()).toMatchObject([{ uploadState: 'uploaded' }]);
  });

  it('falls back to one request per change on a provider without the batch call, and remembers it', async () => {
    const rig = createRig({ serverBatches: false });
    await queueCalls(2, 1);
    expect(await rig.engine.replay()).toMatchObject({ applied: 4, attempted: 4, remaining: 0 });
    await queueCalls(1, 1);
    expect(await rig.engine.replay()).toMatchObject({ applied: 2, remaining: 0 });
    expect(rig.server.batchProbes).toBe(1);
    expect(rig.server.requests).toHaveLength(6);
  });
});

describe('the same result as one request per change', () => {
  /** Calls synced, then changes queued on them: one refused, one merging with another user's edit. */
  async function scenario(serverBatches: boolean) {
    await resetDb();
    const rig = createRig({ serverBatches });
    const ids = await queueCalls(3, 0);
    await rig.engine.replay();
    for (const [i, id] of ids.entries()) {
      await updateServiceCall(id, { subject: i === 1 ? 'refuse this one' : `first ${i}` });
      await updateServiceCall(id, { priority: 'high' });
      await updateServiceCall(id, { subject: `second ${i}` });
    }
    rig.server.validate = (method, _path, body) =>
      method === 'PATCH' && (body.changes as { subject?: string } | undefined)?.subject === 'refuse this one' ? 'subject' : null;
    rig.server.editAsOther(`service-calls/${ids[2]}`, { description: 'edited by someone else meanwhile' });
    const report = await rig.engine.replay();
    const name = (text: string) => ids.reduce((t, id, i) => t.replaceAll(id, `call${i}`), text).replace(/"openedAt":"[^"]*"/g, '');
    const outbox = (await db.outbox.orderBy('seq').toArray()).map((e) => name(JSON.stringify({ ...e, id: '', lastAttemptAt: '', createdAt: '' })));
    const rows = (await db.serviceCalls.toArray()).map((r) => name(JSON.stringify(r))).sort();
    const log = (await db.syncLog.toArray()).map((l) => name(`${l.entityKey} ${l.method} ${l.status ?? ''} ${l.outcome}`)).sort();
    const server = [...rig.server.records.values()].map((r) => name(JSON.stringify(r))).sort();
    return { report: { ...report, nextWakeAt: null }, outbox, rows, log, server };
  }

  it('leaves the outbox, the rows, the sync log and the server as the single requests do', async () => {
    const single = await scenario(false);
    const batched = await scenario(true);
    expect(batched).toEqual(single);
    expect(batched.report).toMatchObject({ attention: 1, remaining: 2 });
  });
});

describe('what goes in a batch', () => {
  const entry = (seq: number, entityKey: string, extra: Partial<OutboxEntry> = {}): OutboxEntry => ({
    id: `e${seq}`,
    seq,
    op: 'update',
    table: entityKey.split(':')[0] ?? '',
    recordId: entityKey.split(':')[1] ?? '',
    entityKey,
    request: { method: 'PATCH', path: `service-calls/${entityKey.replace(':', '-')}`, wrap: 'changes', versionIn: 'body' },
    payload: { subject: 'x' },
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
    ownerUserKey: 'u',
    ...extra,
  });
  const ids = (list: OutboxEntry[]) => list.map((e) => e.id);

  it('takes each record with its queued changes, in seq order, up to the item cap', () => {
    const entries = [entry(1, 'a:1'), entry(2, 'b:1'), entry(3, 'a:1'), entry(4, 'b:1'), entry(5, 'c:1')];
    expect(ids(pickBatch(entries, 0, new Set()))).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(ids(pickBatch(entries, 0, new Set(), { maxItems: 3, maxBytes: 1e6 }))).toEqual(['e1', 'e2', 'e3']);
  });

  it('keeps to the byte cap, but always sends one change', () => {
    const big = entry(1, 'a:1', { payload: { text: 'א'.repeat(600) } });
    const entries = [big, entry(2, 'b:1')];
    const size = new TextEncoder().encode(JSON.stringify(itemOf(big))).length;
    expect(ids(pickBatch(entries, 0, new Set(), { maxItems: 10, maxBytes: size + 1 }))).toEqual(['e1']);
    expect(ids(pickBatch(entries, 0, new Set(), { maxItems: 10, maxBytes: 10 }))).toEqual(['e1']);
  });

  it('leaves out photos, records in flight, waiting or stuck heads, and dependents of what does not go', () => {
    const entries = [
      entry(1, 'a:1', { state: 'attention' }),
      entry(2, 'b:1', { dependsOn: ['a:1'] }),
      entry(3, 'c:1', { nextAttemptAt: 5_000 }),
      entry(4, 'd:1'),
      entry(5, 'e:1', { kind: 'photo', dependsOn: ['d:1'] }),
      entry(6, 'f:1'),
      entry(7, 'g:1', { dependsOn: ['d:1'] }),
      entry(8, 'd:1', { kind: 'photo' }),
      entry(9, 'd:1'),
    ];
    expect(ids(pickBatch(entries, 1_000, new Set(['e6'])))).toEqual(['e4', 'e7']);
  });

  it("leaves a change whose route the batch does not carry to go alone, with its record's later changes", () => {
    const alone = entry(2, 'b:1', { request: { method: 'POST', path: 'my/payments', wrap: 'payload' } });
    const entries = [
      entry(1, 'a:1'),
      alone,
      entry(3, 'b:1'),
      entry(4, 'c:1', { request: { method: 'PATCH', path: 'service-calls/c%2F..%2Fx', wrap: 'changes', versionIn: 'body' } }),
      entry(5, 'd:1'),
    ];
    expect(ids(pickBatch(entries, 0, new Set()))).toEqual(['e1', 'e5']);
    expect(isBatchable(alone)).toBe(false);
    expect(isBatchable(entry(6, 'e:1', { kind: 'photo' }))).toBe(false);
    expect(isBatchable(entry(7, 'f:1'))).toBe(true);
  });

  it('carries the base version apart and the path under /api, as the single request would send them', () => {
    const patch = itemOf(
      entry(1, 'serviceCalls:c1', { baseVersion: 4, request: { method: 'PATCH', path: 'service-calls/c1', wrap: 'changes', versionIn: 'body' } }),
    );
    expect(patch).toEqual({
      key: 'e1',
      method: 'PATCH',
      path: 'binyan/service-calls/c1',
      body: { changes: { subject: 'x' } },
      baseVersion: 4,
      versionIn: 'body',
      record: 'serviceCalls:c1',
    });
    const remove = itemOf(
      entry(2, 'serviceCalls:c1', {
        baseVersion: 4,
        request: { method: 'DELETE', path: 'service-calls/c1', wrap: 'none', versionIn: 'query', query: { hard: true } },
      }),
    );
    expect(remove).toMatchObject({ path: 'binyan/service-calls/c1?hard=true', baseVersion: 4, versionIn: 'query' });
    expect(remove).not.toHaveProperty('body');
  });
});
