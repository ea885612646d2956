// The service worker's Background Sync handler: its `waitUntil` promise tells Chromium whether to try
// again. A pass that leaves changes it could still send must reject (the browser then retries with its
// backoff); one that leaves nothing, or only what waits for the user, must resolve (no endless retries).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../src/db/db';
import { REPLAY_LOCK } from '../src/sync/replay/lock';
import { confirmsConnectivity, restoresConnectivity, SYNC_TAG } from '../src/sync/replay/protocol';
import type { ReplayReason } from '../src/sync/replay/protocol';
import { fakeWebLocks } from '../src/sync/testing/fakeWebLocks';
import { createServiceCall, updateServiceCall } from '../src/sync/testing/serviceCallRecords';
import { createRig, fakeSession, resetDb } from '../src/sync/testing/setup';
import type { Rig } from '../src/sync/testing/setup';
import { registerReplayTriggers } from './replayTriggers';
import type { Replay } from './replayTriggers';

const newCall = { buildingId: 1, domain: 'plumbing' as const, description: 'Leak in the basement pipe' };

/** The worker's replay over a test rig's engine, as the runtime maps each trigger. */
function replayOf(rig: Rig): Replay {
  return (reason: ReplayReason) =>
    rig.engine.replay({ connectivityRestored: restoresConnectivity(reason), connectivityConfirmed: confirmsConnectivity(reason), trigger: `worker:${reason}` });
}

/** A stand-in for the worker's global scope: fires a `sync` event and hands back its `waitUntil` promise. */
function workerWith(replay: Replay) {
  const scope = new EventTarget();
  registerReplayTriggers(scope, replay);
  return {
    sync(tag = SYNC_TAG): Promise<unknown> {
      let passed: Promise<unknown> = Promise.resolve('no waitUntil');
      scope.dispatchEvent(Object.assign(new Event('sync'), { tag, lastChance: false, waitUntil: (p: Promise<unknown>) => void (passed = p) }));
      return passed;
    },
  };
}

beforeEach(resetDb);
afterEach(() => vi.unstubAllGlobals());

describe('the service worker’s Background Sync pass', () => {
  it('rejects while changes still wait after a network failure, a 5xx or a 429, so the browser retries', async () => {
    const rig = createRig();
    const worker = workerWith(replayOf(rig));
    await createServiceCall(newCall);
    for (const fault of ['network', 'server500', 'rateLimited'] as const) {
      rig.server.faults.push(fault);
      await expect(worker.sync()).rejects.toThrow('1 changes still waiting');
      // The browser's retry comes minutes later: the entry's own backoff is over by then.
      rig.clock.t = (await db.outbox.toArray())[0]?.nextAttemptAt ?? rig.clock.t;
    }
    // The retry that finds the server answering delivers the change and resolves.
    await expect(worker.sync()).resolves.toMatchObject({ ran: true, applied: 1, remaining: 0 });
    expect(rig.server.applied).toHaveLength(1);
  });

  it('resolves when the outbox is empty', async () => {
    const worker = workerWith(replayOf(createRig()));
    await expect(worker.sync()).resolves.toMatchObject({ ran: true, attempted: 0, remaining: 0 });
  });

  it('resolves when what is left needs the user: a refused change and the change held behind it', async () => {
    const rig = createRig();
    const worker = workerWith(replayOf(rig));
    const refused = await createServiceCall({ ...newCall, description: 'Refuse me please now' });
    await updateServiceCall(refused, { priority: 'high' });
    rig.server.validate = (method, _path, body) => (method === 'POST' && body.description === 'Refuse me please now' ? 'description' : null);
    await expect(worker.sync()).resolves.toMatchObject({ attention: 1, remaining: 1, held: 1 });
  });

  it('resolves when nobody is signed in or the session cannot be renewed (a sign-in is the user’s to do)', async () => {
    const rig = createRig();
    await createServiceCall(newCall);
    const signedOut = createRig({ session: fakeSession(rig.server, null) });
    await expect(workerWith(replayOf(signedOut)).sync()).resolves.toMatchObject({ ran: false, needsLogin: true });
    rig.server.token = 'rotated';
    rig.session.renewWorks = false;
    await expect(workerWith(replayOf(rig)).sync()).resolves.toMatchObject({ ran: true, needsLogin: true });
  });

  it('waits for a page’s pass holding the lock, then judges by a pass of its own', async () => {
    const locks = fakeWebLocks();
    vi.stubGlobal('navigator', { locks });
    const rig = createRig();
    const worker = workerWith(replayOf(rig));
    await createServiceCall(newCall);
    let pageDone: () => void = () => undefined;
    const page = locks.request(REPLAY_LOCK, () => new Promise<void>((resolve) => (pageDone = resolve)));
    rig.server.faults.push('server500');
    const pass = worker.sync();
    await vi.waitFor(async () => expect((await locks.query()).pending).toEqual([{ name: REPLAY_LOCK }]));
    // The page closes before its pass sent anything: the worker's own pass tries and still fails.
    pageDone();
    await page;
    await expect(pass).rejects.toThrow('changes still waiting');
    expect(rig.server.requests).toHaveLength(1);
  });

  it('replays at the worker’s start (the next opening of the app where there is no Background Sync), not while it installs', async () => {
    const reasons: ReplayReason[] = [];
    const replay: Replay = async (reason) => {
      reasons.push(reason);
      return { ran: true, applied: 0, attempted: 0, needsLogin: false, remaining: 0, held: 0, attention: 0, nextWakeAt: null };
    };
    registerReplayTriggers(Object.assign(new EventTarget(), { serviceWorker: { state: 'installing' as const } }), replay);
    expect(reasons).toEqual([]);
    registerReplayTriggers(Object.assign(new EventTarget(), { serviceWorker: { state: 'activated' as const } }), replay);
    expect(reasons).toEqual(['sw-start']);
  });

  it('ignores the tags of others', async () => {
    const rig = createRig();
    await createServiceCall(newCall);
    await expect(workerWith(replayOf(rig)).sync('someone-else')).resolves.toBe('no waitUntil');
    expect(rig.server.requests).toHaveLength(0);
  });
});
