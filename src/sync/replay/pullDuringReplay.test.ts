// A pull whose request went out before a replay's answer, and whose answer is applied after it: the
// list it carries is the server's from before the replayed change. Seen in the browser: a screen's
// refresh on reconnecting raced the replay, and the call just made offline vanished from the device.
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { db } from '../../db/db';
import { ANSWER_MARK_KEEP_MS } from '../write/answeredRecords';
import { pullInto } from './pull';
import { createServiceCall, deleteServiceCall, updateServiceCall } from '../testing/serviceCallRecords';
import { createRig, resetDb } from '../testing/setup';

beforeEach(resetDb);

const newCall = { buildingId: 1, domain: 'plumbing' as const, description: 'Leak in the basement pipe' };

/** A pull of the open calls whose answer (`records`, as the server had them when asked) is held until `answer`. */
function heldPull() {
  let release: (records: unknown[]) => void = () => undefined;
  const body = new Promise<unknown[]>((resolve) => {
    release = resolve;
  });
  const api = createApiClient({
    baseUrl: 'http://fake.test/api',
    fetch: async () => new Response(JSON.stringify(await body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  });
  const done = pullInto(api, { table: 'serviceCalls', path: 'service-calls', query: { tab: 'open' }, scope: (row) => row.tab === 'open' });
  return { answer: async (records: unknown[]) => (release(records), done) };
}

describe.each([
  { mode: 'one request per change', serverBatches: false },
  { mode: 'batches', serverBatches: true },
])('a pull answered after a replay it was sent before ($mode)', ({ serverBatches }) => {
  it('keeps the call the replay just created, though the pull did not list it', async () => {
    const rig = createRig({ serverBatches });
    const id = await createServiceCall(newCall);
    const pull = heldPull();
    expect(await rig.engine.replay()).toMatchObject({ applied: 1, remaining: 0 });
    expect(await pull.answer([])).toMatchObject({ removed: 0 });
    expect(await db.serviceCalls.get(id)).toMatchObject({ syncState: 'synced', version: 1 });
  });

  it('keeps the version the replay made over the older one the pull carries, and takes a newer one', async () => {
    const rig = createRig({ serverBatches });
    const id = await createServiceCall(newCall);
    await rig.engine.replay();
    const before = rig.server.records.get(`service-calls/${id}`);
    const stale = heldPull();
    await updateServiceCall(id, { priority: 'urgent' });
    await rig.engine.replay();
    await stale.answer([{ ...before, tab: 'open' }]);
    expect(await db.serviceCalls.get(id)).toMatchObject({ priority: 'urgent', version: 2, syncState: 'synced' });

    const newer = heldPull();
    await updateServiceCall(id, { subject: 'Basement' });
    await rig.engine.replay();
    await newer.answer([{ ...rig.server.records.get(`service-calls/${id}`), subject: 'Basement, by the office', version: 4 }]);
    expect(await db.serviceCalls.get(id)).toMatchObject({ subject: 'Basement, by the office', version: 4 });
  });

  it('does not bring back a call whose delete the replay just applied', async () => {
    const rig = createRig({ serverBatches });
    const id = await createServiceCall(newCall);
    await rig.engine.replay();
    const listed = { ...rig.server.records.get(`service-calls/${id}`), tab: 'open' };
    const pull = heldPull();
    await deleteServiceCall(id);
    await rig.engine.replay();
    await pull.answer([listed]);
    expect(await db.serviceCalls.get(id)).toBeUndefined();
  });
});

describe('a pull sent after the replay', () => {
  it('removes a call the server no longer lists, however recently it was answered', async () => {
    const rig = createRig();
    const id = await createServiceCall(newCall);
    await rig.engine.replay();
    // Sent a moment after the answer (the same millisecond would count as before it).
    const sent = Date.now();
    while (Date.now() === sent) await new Promise((resolve) => setTimeout(resolve, 1));
    const pull = heldPull();
    expect(await pull.answer([])).toMatchObject({ removed: 1 });
    expect(await db.serviceCalls.get(id)).toBeUndefined();
  });

  it('forgets answers older than any request could be', async () => {
    const rig = createRig();
    const id = await createServiceCall(newCall);
    await rig.engine.replay();
    const marks = await db.meta.get('sync.answered:serviceCalls');
    expect(marks?.value).toEqual({ [id]: expect.any(Number) });
    const old = Date.now() - ANSWER_MARK_KEEP_MS - 1;
    await db.meta.put({ key: 'sync.answered:serviceCalls', value: { [id]: old } });
    const second = await createServiceCall(newCall);
    await rig.engine.replay();
    expect(Object.keys((await db.meta.get('sync.answered:serviceCalls'))?.value as object)).toEqual([second]);
  });
});
