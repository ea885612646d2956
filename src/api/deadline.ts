// Runs one HTTP exchange under a deadline and the caller's AbortSignal, so a hung connection
// ends as 'connection timeout' (spec section 9: 10 000 ms) instead of hanging the UI or the replayer.
import { ApiError, networkError, timeoutError } from './errors';

export async function withDeadline<R>(timeoutMs: number, callerSignal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<R>): Promise<R> {
  if (callerSignal?.aborted) throw callerSignal.reason;
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onCallerAbort: (() => void) | undefined;

  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
      reject(timeoutError(timeoutMs));
    }, timeoutMs);
  });
  const cancelled = new Promise<never>((_, reject) => {
    if (!callerSignal) return;
    onCallerAbort = () => {
      controller.abort(callerSignal.reason);
      reject(callerSignal.reason);
    };
    callerSignal.addEventListener('abort', onCallerAbort, { once: true });
  });

  try {
    return await Promise.race([work(controller.signal), deadline, cancelled]);
  } catch (error) {
    if (timedOut) throw timeoutError(timeoutMs);
    if (callerSignal?.aborted) throw callerSignal.reason;
    if (error instanceof ApiError) throw error;
    throw networkError(error);
  } finally {
    clearTimeout(timer);
    if (onCallerAbort) callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}
