// A job that runs on a timer in every server process but once per interval across all of them: each
// round claims the job's lease in the database (`jobs` table) and only the process that got it runs.
import type { AppContext } from '../context.ts';
import { jobs } from '../data/jobs.ts';

/**
 * Runs `work` now and every `intervalMs`, unless another process on the database did within the
 * interval (a lease a little shorter than it, so two processes' timers a few milliseconds apart never
 * skip a round). The timer never keeps the process alive. Returns the stopper, which waits for a running round.
 */
export function scheduleLeasedJob(
  ctx: AppContext,
  name: string,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
  intervalMs: number,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const lease = intervalMs - Math.min(intervalMs / 10, 60_000);
  const run = () => {
    running = (async () => {
      try {
        if (await jobs.claim(ctx.db, name, ctx.now(), lease)) await work();
      } catch (error) {
        onError(error);
      }
    })();
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
