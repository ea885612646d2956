// One replayer at a time across tabs and the service worker: a Web Lock taken with `ifAvailable`, so a
// second trigger returns at once instead of queueing behind a long replay.
export const REPLAY_LOCK = 'binyan-replay';

export type LockRunner = <T>(work: () => Promise<T>) => Promise<{ acquired: true; value: T } | { acquired: false }>;

type Locks = {
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
};

function webLocks(): Locks | null {
  const nav: unknown = typeof navigator === 'undefined' ? undefined : navigator;
  if (typeof nav !== 'object' || nav === null || !('locks' in nav)) return null;
  const locks: unknown = nav.locks;
  return typeof locks === 'object' && locks !== null && 'request' in locks ? (locks as Locks) : null;
}

/** Where Web Locks are missing (tests, very old browsers) one context is the only replayer it can know of. */
export function inProcessLock(): LockRunner {
  let held = false;
  return async (work) => {
    if (held) return { acquired: false };
    held = true;
    try {
      return { acquired: true, value: await work() };
    } finally {
      held = false;
    }
  };
}

export function replayLock(name = REPLAY_LOCK): LockRunner {
  const locks = webLocks();
  if (!locks) return inProcessLock();
  return (work) =>
    locks.request(name, { ifAvailable: true }, async (lock) => (lock ? { acquired: true as const, value: await work() } : { acquired: false as const }));
}

/** Resolves when no replay holds the lock (and holds it while `then` runs): used to gate SW activation. */
export async function whenReplayIdle<T>(then: () => Promise<T>, name = REPLAY_LOCK): Promise<T> {
  const locks = webLocks();
  if (!locks) return then();
  return locks.request(name, async () => then());
}
