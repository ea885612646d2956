// Coming back online after a long time offline: every change made offline was another failed attempt
// of the older entries, so their backoff grew (up to 5 minutes). Found by the browser chaos suite: the
// day's changes took ~25 s to go after the connection returned. A connectivity trigger retries the
// entries that never reached a server at once; a server that answered 5xx keeps its backoff.
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { createServiceCall } from '../testing/serviceCallRecords';
import { restoresConnectivity } from './protocol';
import type { ReplayReason } from './protocol';
import { createRig, resetDb } from '../testing/setup';

const call = (n: number) => ({ buildingId: 1, domain: 'plumbing' as const, description: `Leak number ${n} in the basement` });

beforeEach(resetDb);

describe('replay after the connection returns', () => {
  it('sends at once the entries whose backoff grew while offline; a trigger without the signal waits', async () => {
    const rig = createRig();
    const id = await createServiceCall(call(1));
    // A long offline spell: each replay attempt fails before reaching any server.
    for (let i = 0; i < 6; i += 1) {
      rig.server.faults.push('network');
      const entry = await db.outbox.toCollection().first();
      rig.clock.t = Math.max(rig.clock.t, entry?.nextAttemptAt ?? 0);
      await rig.engine.replay();
    }
    const waiting = await db.outbox.toCollection().first();
    expect(waiting).toMatchObject({ state: 'pending', attempts: 6, lastError: { kind: 'retry', code: 'network' } });
    expect((waiting?.nextAttemptAt ?? 0) - rig.clock.t).toBeGreaterThan(10_000);

    expect(await rig.engine.replay()).toMatchObject({ attempted: 0, remaining: 1 });
    expect(await rig.engine.replay({ connectivityRestored: true })).toMatchObject({ attempted: 1, applied: 1, remaining: 0 });
    expect(rig.server.records.get(`service-calls/${id}`)).toMatchObject({ id });
  });

  it('keeps the backoff of an entry the server itself failed (5xx), and of one still unreachable after the retry', async () => {
    const rig = createRig();
    await createServiceCall(call(2));
    await createServiceCall(call(3));
    rig.server.faults.push('server500', 'network');
    await rig.engine.replay();
    const [failed, unreachable] = await db.outbox.orderBy('seq').toArray();
    expect(failed?.lastError?.code).toBe('server');
    expect(unreachable?.lastError?.code).toBe('network');
    rig.clock.t += 100;

    rig.server.faults.push('network');
    const report = await rig.engine.replay({ connectivityRestored: true });
    // Only the unreachable one went (and failed again): it is not retried in a loop within the run.
    expect(report).toMatchObject({ attempted: 1, applied: 0, remaining: 2 });
    const after = await db.outbox.get(unreachable?.id ?? '');
    expect(after?.attempts).toBe(2);
    expect(after?.nextAttemptAt).toBeGreaterThan(rig.clock.t);
    expect((await db.outbox.get(failed?.id ?? ''))?.nextAttemptAt).toBe(failed?.nextAttemptAt);
  });

  it('treats the connectivity triggers (not a new local change, a worker start or a tab switch) as the signal', () => {
    const yes: ReplayReason[] = ['online', 'sync-event', 'periodic-sync', 'timer', 'manual', 'startup', 'login'];
    const no: ReplayReason[] = ['enqueued', 'sw-start', 'visible'];
    for (const reason of yes) expect(restoresConnectivity(reason), reason).toBe(true);
    for (const reason of no) expect(restoresConnectivity(reason), reason).toBe(false);
  });
});
