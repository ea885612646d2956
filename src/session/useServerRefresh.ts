// Screens show what is on the device at once and refresh it from the server in the background.
// Offline, the refresh simply fails and the device copy stays: 'failed' only matters with no rows.
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/client';
import { api } from './api';

export type RefreshState = 'loading' | 'done' | 'failed';

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
    setState('loading');
    loadRef.current(api).then(
      () => live && setState('done'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}
