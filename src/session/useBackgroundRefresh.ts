// The one background refresh of the screens: they show what is on the device at once and refresh it from
// the server behind it. A failed refresh is reported, never thrown: the device copy stays usable. A
// transient failure (no answer, a busy server) is asked again by itself a few times before the screen
// says it failed; the user's retry starts over. Coming back online refreshes again, and so does coming
// back to the page after a failed refresh.
import { useEffect, useRef, useState } from 'react';
import { isTransientApiError } from '../api/errors';
import { useOnline } from '../ui/useOnline';

export type RefreshState = 'loading' | 'done' | 'failed';

export type BackgroundRefresh = {
  /** 'loading' until the first answer (also while nothing is asked yet: no key, or offline and waiting). */
  state: RefreshState;
  /** A refresh is on its way (the automatic tries included). */
  refreshing: boolean;
  failed: boolean;
  /** Asks again at once (the user's retry). */
  retry(): void;
};

export type RefreshOptions = {
  /**
   * Offline, 'wait' asks nothing until the browser is back online (the device copy is all there is);
   * 'try' asks anyway, so a screen with no device copy can say it could not load.
   */
  offline?: 'wait' | 'try';
};

/** Pauses before the automatic second and third tries. */
export const REFRESH_RETRY_DELAYS_MS = [1_500, 4_000] as const;

/** Runs `load` when `key` changes (null = nothing to load), on `retry`, and on coming back online. */
export function useBackgroundRefresh(key: string | null, load: () => Promise<unknown>, { offline = 'wait' }: RefreshOptions = {}): BackgroundRefresh {
  const online = useOnline();
  const [status, setStatus] = useState<{ state: RefreshState; refreshing: boolean }>({ state: 'loading', refreshing: false });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  const failedRef = useRef(false);
  const askedRef = useRef<string | null>(null);
  useEffect(() => {
    loadRef.current = load;
    failedRef.current = status.state === 'failed';
  });

  useEffect(() => {
    if (key === null) return;
    const asked = `${round}|${key}`;
    // Going offline asks nothing; in 'try' mode only a new key or a retry is asked while offline.
    if (!online && (offline === 'wait' || askedRef.current === asked)) return;
    askedRef.current = asked;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = (tries: number) => {
      loadRef.current().then(
        () => live && setStatus({ state: 'done', refreshing: false }),
        (error: unknown) => {
          if (!live) return;
          const delay = REFRESH_RETRY_DELAYS_MS[tries];
          if (delay !== undefined && isTransientApiError(error)) timer = setTimeout(() => run(tries + 1), delay);
          else setStatus({ state: 'failed', refreshing: false });
        },
      );
    };
    setStatus({ state: 'loading', refreshing: true });
    run(0);
    return () => {
      live = false;
      clearTimeout(timer);
      setStatus((s) => (s.refreshing ? { ...s, refreshing: false } : s));
    };
  }, [key, round, online, offline]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && failedRef.current) setRound((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  return { state: status.state, refreshing: status.refreshing, failed: status.state === 'failed', retry: () => setRound((n) => n + 1) };
}
