// Yielding the main thread between slices of background work: to the next task (input and rendering
// that are waiting go first), or to idle time (after them, and after any other work the page has).

type IdleHost = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  scheduler?: { yield?: () => Promise<void> };
};

const host: IdleHost = globalThis;

/** The next task: `scheduler.yield()` where the browser has it, else a message (no timer clamping), else a timer. */
export function nextTask(): Promise<void> {
  if (typeof host.scheduler?.yield === 'function') return host.scheduler.yield();
  if (typeof MessageChannel === 'function' && typeof window !== 'undefined') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A wait for idle time that can be cut short (`hurry`) when someone now waits for the work itself. */
export type IdleWait = { done: Promise<void>; hurry: () => void };

/**
 * Resolves in the page's next idle period (at the latest after `timeoutMs`, so busy pages still get
 * there), or at once on `hurry()`. Where there is no idle callback (Safari, a worker), after a short timer.
 */
export function idleWait(timeoutMs = 500): IdleWait {
  let hurry: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    if (typeof host.requestIdleCallback === 'function') {
      const handle = host.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
      hurry = () => {
        host.cancelIdleCallback?.(handle);
        resolve();
      };
    } else {
      const timer = setTimeout(resolve, 16);
      hurry = () => {
        clearTimeout(timer);
        resolve();
      };
    }
  });
  return { done, hurry };
}
