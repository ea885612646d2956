// Who makes a change: every outbox entry belongs to a user (`ownerUserKey`), so a change made before
// logout replays only for that user. Repositories ask here instead of taking the user as an argument.
import { isLoggedIn, loadSession } from '../../db/sessionVault';
import { userKeyOf } from './userKey';

export type Actor = {
  userKey: string;
  userName: string;
  workerGuid: string;
  userId: number | null;
  /** The name the server records as the person who did it (reporter, author of an update). */
  displayName: string;
};

export class NotLoggedInError extends Error {
  override readonly name = 'NotLoggedInError';
}

async function fromSession(): Promise<Actor> {
  const s = await loadSession();
  if (!isLoggedIn(s) || s.compID === null) throw new NotLoggedInError('no logged-in user');
  return {
    userKey: await userKeyOf(s.compID, s.userName),
    userName: s.userName,
    workerGuid: s.workerGUID,
    userId: s.userID,
    displayName: s.WorkerName || s.userName,
  };
}

let source: () => Promise<Actor> = fromSession;

export function currentActor(): Promise<Actor> {
  return source();
}

/** Tests and tools (the bench) act as a fixed user. */
export function setActorSource(next: (() => Promise<Actor>) | null): void {
  source = next ?? fromSession;
}
