// Shared set-up of the harness rows: an empty database and a fixed acting user.
import { db } from '../../src/db/db';
import { setActorSource } from '../../src/sync/actor';
import type { Actor } from '../../src/sync/actor';
import { userKeyOf } from '../../src/sync/sessionPort';

export const benchActor: Actor = { userKey: userKeyOf(1001, 'avi'), userName: 'avi', workerGuid: 'bench-worker', userId: null };

export async function freshDatabase(): Promise<void> {
  await db.open();
  await Promise.all(db.tables.map((table) => table.clear()));
  setActorSource(async () => benchActor);
}

export const elapsed = (since: number): number => performance.now() - since;
