// Shared set-up of the harness rows: an empty database and a fixed acting user.
import { db } from '../../src/db/db';
import { setActorSource } from '../../src/sync/write/actor';
import type { Actor } from '../../src/sync/write/actor';
import { userKeyOf } from '../../src/sync/write/userKey';

export const BENCH_COMPANY = 1001;
export const BENCH_USER_NAME = 'avi';

export async function benchActor(): Promise<Actor> {
  return {
    userKey: await userKeyOf(BENCH_COMPANY, BENCH_USER_NAME),
    userName: BENCH_USER_NAME,
    workerGuid: 'bench-worker',
    userId: null,
    displayName: 'אבי כהן',
  };
}

export async function freshDatabase(): Promise<void> {
  await db.open();
  await Promise.all(db.tables.map((table) => table.clear()));
  const actor = await benchActor();
  setActorSource(async () => actor);
}

export const elapsed = (since: number): number => performance.now() - since;
