// The replay lock handed to a new version of the app (sw/replayTriggers.ts, SKIP_WAITING): it queues for
// the lock behind the pass on the wire and must get it before any pass asked for later, and no pass
// may keep the lock past its deadline, or a real worker runs the old version for as long as it does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db';
import { REPLAY_LOCK, whenReplayIdle } from './lock';
import { fakeWebLocks } from '../testing/fakeWebLocks';
import type { FakeWebLocks } from '../testing/fakeWebLocks';
import { createServiceCall } from '../testing/serviceCallRecords';
import { createRig, resetDb } from '../testing/setup';

const newCall = { buildingId: 1, domain: 'plumbing' as const, description: 'Leak in the basement pipe' };

function installWebLocks(): FakeWebLocks {
  const locks = fakeWebLocks();
  vi.stubGlobal('navigator', { locks });
  return locks;
}

beforeEach(resetDb);
afterEach(() => vi.unstubAllGlobals());

describe('handing the replay lock to a new version', () => {
  it('gives it to the version asking to take over before any pass asked for after it', async () => {
    const locks = installWebLocks();
    const rig = createRig({ batches: false, timeoutMs: 200 });
    await createServiceCall(newCall);
    rig.server.faults.push('hang');
    const first = rig.engine.replay({ trigger: 'worker:manual' });
    await vi.waitFor(() => expect(rig.server.requests).toHaveLength(1));

    // The new version asks to take over while the change is on the wire, and queues for the lock…
    let sentBeforeTheSwitch = -1;
    const switched = whenReplayIdle(async () => {
      sentBeforeTheSwitch = rig.server.requests.length;
    });
    await vi.waitFor(async () => expect((await locks.query()).pending).toEqual([{ name: REPLAY_LOCK }]));
    // …then the retry timer and Background Sync ask for passes that would send the change again at once.
    const later = [
      rig.engine.replay({ connectivityRestored: true, trigger: 'worker:timer' }),
      rig.engine.replay({ connectivityRestored: true, trigger: 'worker:sync-event' }),
    ];
    await Promise.all([first, switched, ...later]);
    expect(sentBeforeTheSwitch).toBe(1);
  });

  it('gets it at the deadline when an answer stalls after its headers, and the change is applied once', { timeout: 15_000 }, async () => {
    installWebLocks();
    const rig = createRig({ batches: false, timeoutMs: 100 });
    await createServiceCall(newCall);
    rig.server.faults.push('stallAfterHeaders');
    const pass = rig.engine.replay({ trigger: 'worker:manual' });
    await vi.waitFor(() => expect(rig.server.requests).toHaveLength(1));

    await whenReplayIdle(async () => undefined);
    const report = await pass;
    expect(report).toMatchObject({ ran: true, applied: 0, remaining: 1 });
    expect(await db.outbox.toArray()).toMatchObject([{ state: 'pending', attempts: 1, lastError: { kind: 'retry', code: 'timeout' } }]);
    // The server had applied it: the next pass resends it under its key and gets the stored answer.
    rig.clock.t = report.nextWakeAt ?? rig.clock.t;
    expect(await rig.engine.replay()).toMatchObject({ ran: true, applied: 1, remaining: 0 });
    expect(rig.server.applied).toHaveLength(1);
  });
});
