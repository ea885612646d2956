// The "outbox written" signal: once a transaction that added entries commits (a user action through
// the write path), or a user's retry, edit or conflict decision makes an entry ready again, the page's
// replay triggers hear of it (Background Sync registration, a replay request).
import type { OutboxEntry } from '../../db/outboxRows';

type Listener = (entries: OutboxEntry[]) => void;
const listeners = new Set<Listener>();

export function subscribeOutboxWrites(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after the transaction that wrote `entries` committed. */
export function announceOutboxWrites(entries: readonly OutboxEntry[]): void {
  if (entries.length > 0) for (const listener of listeners) listener([...entries]);
}
