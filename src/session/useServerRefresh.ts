// Screens show what is on the device at once and refresh it from the server in the background.
// Offline, the refresh simply fails and the device copy stays: 'failed' only matters with no rows.
// A transient failure (no answer, a busy server) is asked again by itself a few times before the
// screen says it failed; the user's retry starts over.
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/client';
import { isTransientApiError } from '../api/errors';
import { api } from './api';

export type RefreshState = 'loading' | 'done' | 'failed';

/** Pauses before the automatic second and third tries. */
export const REFRESH_RETRY_DELAYS_MS = [1_500, 4_000] as const;

/** Runs `load` when `key` changes (null = nothing to load); `retry` runs it again. */
export function useServerRefresh(key: string | null, load: (client: ApiClient) => Promise<unknown>): { state: RefreshState; retry(): void } {
  const [state, setState] = useState<RefreshState>('loading');
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = (tries: number) => {
      loadRef.current(api).then(
        () => live && setState('done'),
        (error: unknown) => {
          if (!live) return;
          const delay = REFRESH_RETRY_DELAYS_MS[tries];
          if (delay !== undefined && isTransientApiError(error)) timer = setTimeout(() => run(tries + 1), delay);
          else setState('failed');
        },
      );
    };
    setState('loading');
    run(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}
