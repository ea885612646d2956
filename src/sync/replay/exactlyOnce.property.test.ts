// Property: for any interleaving of local changes, replays under faults (lost responses, 5xx, 429,
// captive portals, network loss, crashes mid-request, expired sessions) and restarts, once the
// network heals every change reaches the server exactly once and nothing is left behind.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { db } from '../../db/db';
import { createServiceCall, updateServiceCall } from '../testing/serviceCallRecords';
import { createReplayEngine } from './engine';
import type { ReplayEngine } from './engine';
import { inProcessLock } from './lock';
import { createFakeServer } from '../testing/fakeServer';
import type { Fault, FakeServer } from '../testing/fakeServer';
import { fakeSession, resetDb } from '../testing/setup';

type Command =
  | { kind: 'create' }
  | { kind: 'update'; target: number }
  | { kind: 'replay'; faults: Fault[]; advanceMs: number }
  | { kind: 'restart' }
  | { kind: 'expireToken' };

const faultArb = fc.constantFrom<Fault>('network', 'lostResponse', 'server500', 'rateLimited', 'portal', 'hang', 'hangAfterCommit', 'expireMidBatch');
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'create' as const }) },
  { weight: 3, arbitrary: fc.nat(20).map((target) => ({ kind: 'update' as const, target })) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('replay' as const), faults: fc.array(faultArb, { maxLength: 4 }), advanceMs: fc.nat(400_000) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'expireToken' as const }) },
);

class Device {
  engine!: ReplayEngine;
  private life = { dead: false };
  clock = { t: Date.parse('2025-01-01T08:00:00Z') };
  crashed: (() => void) | null = null;

  constructor(private readonly server: FakeServer) {
    this.boot();
  }

  /** A fresh engine: what runs after the app or the service worker is killed and started again. */
  boot(): void {
    this.life.dead = true;
    const life = { dead: false };
    this.life = life;
    const session = fakeSession(this.server);
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (life.dead) return new Promise<Response>(() => undefined);
      const next = this.server.faults[0];
      if (next === 'hang' || next === 'hangAfterCommit') queueMicrotask(() => this.crashed?.());
      return this.server.fetch(input, init);
    };
    const api = createApiClient({ baseUrl: 'http://fake.test/api', fetch, getToken: () => session.getToken(), timeoutMs: 2_000_000_000 });
    this.engine = createReplayEngine({ api, session, lock: inProcessLock(), clock: { now: () => this.clock.t, random: Math.random } });
  }

  /** Replays; a hang means the process died mid-request, so the device restarts. */
  async replay(): Promise<void> {
    const crash = new Promise<'crash'>((resolve) => {
      this.crashed = () => resolve('crash');
    });
    const outcome = await Promise.race([this.engine.replay(), crash]);
    this.crashed = null;
    if (outcome === 'crash') {
      // Let the requests already under way reach the (fake) server, as they would on a real network.
      await new Promise((resolve) => setTimeout(resolve, 5));
      this.boot();
    }
  }
}

async function run(commands: Command[], batches: boolean): Promise<void> {
  await resetDb();
  const server = createFakeServer({ batches });
  const device = new Device(server);
  const markers: string[] = [];
  const calls: string[] = [];
  let n = 0;

  for (const command of commands) {
    if (command.kind === 'create') {
      const marker = `action-${(n += 1)}`;
      calls.push(await createServiceCall({ buildingId: 1, domain: 'general', description: `${marker} description` }));
      markers.push(marker);
    } else if (command.kind === 'update') {
      const id = calls[command.target % Math.max(1, calls.length)];
      if (!id) continue;
      const marker = `action-${(n += 1)}`;
      await updateServiceCall(id, { subject: marker });
      markers.push(marker);
    } else if (command.kind === 'replay') {
      device.clock.t += command.advanceMs;
      server.faults.push(...command.faults);
      await device.replay();
      server.faults.length = 0;
    } else if (command.kind === 'restart') {
      device.boot();
    } else {
      server.token = `token-${(n += 1)}`;
    }
  }

  // The network heals: keep replaying as the triggers would, until the outbox is empty.
  for (let round = 0; round < 40 && (await db.outbox.count()) > 0; round += 1) {
    device.clock.t += 10 * 60_000;
    await device.replay();
  }

  expect(await db.outbox.toArray()).toEqual([]);
  // The path under test was the one taken: batches when the server has them, single requests otherwise.
  if (batches && markers.length > 0) expect(server.batchRequests.length).toBeGreaterThan(0);
  if (!batches) expect(server.batchRequests).toEqual([]);
  const applied = server.applied.map(({ body }) => {
    const record = body as { description?: string; changes?: { subject?: string } };
    return record.changes?.subject ?? record.description?.split(' ')[0] ?? '?';
  });
  expect(applied.sort()).toEqual([...markers].sort());
  for (const id of calls) {
    const local = await db.serviceCalls.get(id);
    const remote = server.records.get(`service-calls/${id}`);
    expect(local).toMatchObject({ syncState: 'synced', subject: remote?.subject, version: remote?.version });
  }
}

describe('exactly once, whatever happens on the way', () => {
  it.each([
    ['in batches', true],
    ['one request per change (a provider without batches)', false],
  ])('delivers every change exactly once for any interleaving of changes, faults and restarts, %s', async (_name, batches) => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 18 }), (commands) => run(commands, batches)),
      { numRuns: 60 },
    );
  });
});
