// Threads for the screens: the stored answer at once (offline too), refreshed from the server when online;
// a failed refresh keeps the stored copy and says so. What this device wrote and the server has not
// answered yet comes from the outbox's rows.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useBackgroundRefresh } from '../../session/useBackgroundRefresh';
import { useOnline } from '../../ui/useOnline';
import {
  detailKey,
  listKey,
  markRead,
  openedHere,
  pullThread,
  pullThreads,
  pullUnread,
  storedDetail,
  storedList,
  storedUnread,
  unreadKey,
  writtenHere,
} from './threadsRepo';

/** Refreshes again each time `count` changes while `when` holds (something sent from here was answered). */
function useRefreshWhen(refresh: () => void, when: boolean, count: number): void {
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });
  useEffect(() => {
    if (when) refreshRef.current();
  }, [when, count]);
}

/** The user's key of a stored answer (null while signed out); `make` must be stable (a module function or a useCallback). */
function useKey(make: () => Promise<string>, enabled = true): string | null {
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    make().then(setKey, () => setKey(null));
  }, [make, enabled]);
  return key;
}

export function useThreads() {
  const key = useKey(listKey);
  const stored = useLiveQuery(() => (key === null ? undefined : storedList(key)), [key]);
  const opened = useLiveQuery(() => openedHere(), [], []);
  // A thread opened here that the server has since answered: read the list again to show it in its place.
  const answeredHere = opened.filter((o) => o.syncState === 'synced').length;
  const { refreshing, failed, retry } = useBackgroundRefresh(key === null ? null : 'threads', pullThreads);
  useRefreshWhen(retry, key !== null && answeredHere > 0, answeredHere);
  return { stored, opened, refreshing, failed, refresh: retry };
}

export function useThread(id: string) {
  const makeKey = useCallback(() => detailKey(id), [id]);
  const key = useKey(makeKey);
  const stored = useLiveQuery(() => (key === null ? undefined : storedDetail(key)), [key]);
  const opened = useLiveQuery(async () => (await openedHere()).find((t) => t.value.id === id) ?? null, [id]);
  const written = useLiveQuery(() => writtenHere(id), [id], []);
  // Opened offline and not on the server yet: nothing to ask it until the thread is answered.
  const waiting = opened !== undefined && opened !== null && opened.syncState !== 'synced';
  // A message sent from here that the server answered: read the thread again to show it in its place.
  const answeredHere = written.filter((m) => m.syncState === 'synced').length;
  const ready = key !== null && opened !== undefined && !waiting;
  const { refreshing, failed, retry } = useBackgroundRefresh(ready ? `thread:${id}` : null, () => pullThread(id));
  useRefreshWhen(retry, ready && answeredHere > 0, answeredHere);
  return { stored, opened, written, refreshing, failed, refresh: retry };
}

/**
 * Marks the thread read once its newest message from the other side is on screen; again when a newer one
 * comes. A mark that fails (offline) is tried the next time the thread is shown.
 */
export function useMarkRead(id: string, newestAt: string | null, unread: number): void {
  const online = useOnline();
  useEffect(() => {
    if (newestAt === null || unread === 0 || !online) return;
    void markRead(id, newestAt).catch(() => undefined);
  }, [id, newestAt, unread, online]);
}

/** The menu's badge: threads with unread messages (the last count the server gave, refreshed at each opening). */
export function useUnreadThreads(enabled: boolean, round: number): number {
  const key = useKey(unreadKey, enabled);
  const counts = useLiveQuery(() => (key === null || !enabled ? null : storedUnread(key)), [key, enabled]);
  const online = useOnline();
  useEffect(() => {
    if (enabled && online && round > 0) void pullUnread().catch(() => undefined);
  }, [enabled, online, round]);
  return counts?.threads ?? 0;
}
