// Shared set-up of the sync unit tests: a clean database, a fixed user, an engine over a fake server.
import { createApiClient } from '../../api/client';
import { db } from '../../db/db';
import { setActorSource } from '../write/actor';
import { createReplayEngine } from '../replay/engine';
import type { EngineDeps, ReplayEngine } from '../replay/engine';
import { userKeyOf } from '../write/userKey';
import type { SessionPort } from '../replay/sessionPort';
import { createFakeServer } from './fakeServer';
import type { FakeServer } from './fakeServer';

export const USER = await userKeyOf(1001, 'avi');

export async function resetDb(): Promise<void> {
  await db.open();
  await Promise.all(db.tables.map((t) => t.clear()));
  setActorSource(async () => ({ userKey: USER, userName: 'avi', workerGuid: 'w-avi', userId: 7, displayName: 'Avi Cohen' }));
}

export function fakeSession(server: FakeServer, user: string | null = USER): SessionPort & { renewals: number; renewWorks: boolean; renewAnswered: boolean } {
  let token = server.token;
  const port = {
    renewals: 0,
    renewWorks: true,
    /** False: the renewal's answer is lost (no network, a timeout), which is not a refusal. */
    renewAnswered: true,
    getToken: async () => token,
    renew: async () => {
      port.renewals += 1;
      if (!port.renewWorks || !port.renewAnswered) return false;
      token = server.token;
      return true;
    },
    renewalUnanswered: () => !port.renewAnswered,
    currentUserKey: async () => user,
  };
  return port;
}

export type Rig = {
  server: FakeServer;
  session: ReturnType<typeof fakeSession>;
  engine: ReplayEngine;
  clock: { t: number };
  /** A new engine over the same server, session and clock: the app started again. */
  restart(): ReplayEngine;
};

/** `serverBatches`: the fake server has the batch call (otherwise the engine falls back to single requests). */
export function createRig(options: Partial<EngineDeps> & { timeoutMs?: number; serverBatches?: boolean } = {}): Rig {
  const { serverBatches, ...engineOptions } = options;
  const server = createFakeServer({ batches: serverBatches ?? false });
  const session = fakeSession(server);
  const clock = { t: Date.parse('2025-01-01T08:00:00Z') };
  const api = createApiClient({
    baseUrl: 'http://fake.test/api',
    fetch: server.fetch,
    getToken: () => session.getToken(),
    timeoutMs: options.timeoutMs ?? 5_000,
  });
  const start = () => createReplayEngine({ api, session, clock: { now: () => clock.t, random: () => 0.5 }, ...engineOptions });
  return { server, session, engine: start(), clock, restart: start };
}
