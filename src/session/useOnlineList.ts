// A list only the server has (no device copy): fetched while online for `key` (null: nothing to fetch),
// fetched again on `reload`, with the translated error key when the fetch fails.
import { useEffect, useRef, useState } from 'react';
import { errorKeyOf } from './errorKey';

export function useOnlineList<T>(
  key: string | number | null,
  online: boolean,
  load: () => Promise<T[]>,
): { rows: T[] | null; error: string | null; reload(): void } {
  const [rows, setRows] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    if (key === null || !online) return;
    let live = true;
    setRows(null);
    setError(null);
    loadRef
      .current()
      .then((r) => live && setRows(r))
      .catch((e: unknown) => live && setError(errorKeyOf(e, 'errors:errorReceiving')));
    return () => {
      live = false;
    };
  }, [key, online, reloads]);
  return { rows, error, reload: () => setReloads((n) => n + 1) };
}
