// Web Locks for unit tests of the replay lock's hand-overs (Node has no `navigator.locks`), as browsers
// grant them: exclusive, in request order; `ifAvailable` gets the lock only when nobody holds it and
// nobody queues for it (the callback gets null otherwise), so it can never overtake a waiting request.
export type FakeLockInfo = { name: string };

export type FakeWebLocks = {
  request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: FakeLockInfo | null) => Promise<T>): Promise<T>;
  request<T>(name: string, callback: (lock: FakeLockInfo | null) => Promise<T>): Promise<T>;
  query(): Promise<{ held: FakeLockInfo[]; pending: FakeLockInfo[] }>;
};

export function fakeWebLocks(): FakeWebLocks {
  const held = new Set<string>();
  const queues = new Map<string, Array<() => void>>();

  function release(name: string): void {
    const next = queues.get(name)?.shift();
    // The next request in the queue gets the lock straight away: it is never free in between.
    if (next) next();
    else held.delete(name);
  }

  async function request<T>(
    name: string,
    optionsOrCallback: { ifAvailable?: boolean } | ((lock: FakeLockInfo | null) => Promise<T>),
    maybeCallback?: (lock: FakeLockInfo | null) => Promise<T>,
  ): Promise<T> {
    const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const callback = typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback;
    if (!callback) throw new TypeError('a lock request needs a callback');
    const queue = queues.get(name) ?? [];
    queues.set(name, queue);
    if (held.has(name) || queue.length > 0) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((granted) => queue.push(granted));
    } else {
      held.add(name);
    }
    try {
      return await callback({ name });
    } finally {
      release(name);
    }
  }

  return {
    request,
    query: async () => ({
      held: [...held].map((name) => ({ name })),
      pending: [...queues].flatMap(([name, queue]) => queue.map(() => ({ name }))),
    }),
  };
}
