// The tenant's calls for the screens: the stored answer at once (offline too), refreshed from the server
// when online; a failed refresh keeps the stored copy and says so. Reports and comments made on this
// device and not answered yet come from the outbox's rows.
import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/db';
import type { PhotoRow } from '../../../db/schema';
import { useBackgroundRefresh } from '../../../session/useBackgroundRefresh';
import { detailKey, listKey, pendingComments, pendingReports, pullTenantCall, pullTenantCalls, storedDetail, storedList } from './tenantCallsRepo';

/** The user's key of a stored answer; `make` must be stable (a module function or a useCallback). */
function useKey(make: () => Promise<string>): string | null {
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    void make().then(setKey);
  }, [make]);
  return key;
}

export function useTenantCalls() {
  const key = useKey(listKey);
  const stored = useLiveQuery(() => (key === null ? undefined : storedList(key)), [key]);
  const pending = useLiveQuery(() => pendingReports(), [], []);
  const { refreshing, failed, retry } = useBackgroundRefresh(key === null ? null : 'tenant-calls', pullTenantCalls);
  return { stored, pending, refreshing, failed, refresh: retry };
}

export function useTenantCall(id: string) {
  const makeKey = useCallback(() => detailKey(id), [id]);
  const key = useKey(makeKey);
  const stored = useLiveQuery(() => (key === null ? undefined : storedDetail(key)), [key]);
  const local = useLiveQuery(() => db.serviceCalls.get(id), [id]);
  const comments = useLiveQuery(() => pendingComments(id), [id], []);
  // Not on the server yet (reported offline): nothing to ask it until the report is answered.
  const ready = key !== null && (local === undefined || local.syncState === 'synced');
  const { refreshing, failed, retry } = useBackgroundRefresh(ready ? `tenant-call:${id}` : null, () => pullTenantCall(id));
  return { stored, local, comments, refreshing, failed, refresh: retry };
}

/** Photos of the call and its comments that are on this device (taken here, waiting or sent). */
export function useLocalPhotos(ownerIds: readonly string[]): PhotoRow[] {
  const joined = ownerIds.join(',');
  return useLiveQuery(
    () =>
      db.photos.filter((p) => (p.ownerTable === 'serviceCalls' || p.ownerTable === 'serviceCallUpdates') && joined.split(',').includes(p.ownerId)).toArray(),
    [joined],
    [],
  );
}
