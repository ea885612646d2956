// The single primitive behind every local change: the entity row(s) and their outbox entries are
// written in ONE 'rw' transaction, so a crash or a thrown error leaves either both or neither.
// Repositories do not call this directly; they use src/sync/writePath.ts, which builds the entries.
import type { Transaction } from 'dexie';
import { db } from './db';
import type { TableName } from './db';
import type { OutboxEntry, OutboxKind } from './outboxRows';

export const OUTBOX_SEQ_KEY = 'outbox.seq';

export type OutboxDraft = Pick<
  OutboxEntry,
  'op' | 'table' | 'recordId' | 'request' | 'payload' | 'rowPatch' | 'base' | 'baseVersion' | 'dependsOn' | 'ownerUserKey'
> & { kind?: OutboxKind; refetchPath?: string };

export type MutationContext = {
  tx: Transaction;
  /** Adds an outbox entry inside the transaction; its id is the Idempotency-Key. */
  enqueue(draft: OutboxDraft): Promise<OutboxEntry>;
};

type Listener = (entries: OutboxEntry[]) => void;
const listeners = new Set<Listener>();

/** Called after a transaction that added entries commits (the page registers Background Sync here). */
export function subscribeOutboxWrites(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells the subscribers about entries that became ready to send outside `runMutation` (a user's
 * retry, edit-and-retry or conflict decision), so the replay triggers fire as for a new change.
 */
export function announceOutboxWrites(entries: readonly OutboxEntry[]): void {
  if (entries.length > 0) for (const listener of listeners) listener([...entries]);
}

export function entityKeyOf(table: string, id: string | number): string {
  return `${table}:${String(id)}`;
}

export function newId(): string {
  return crypto.randomUUID();
}

/** Next value of the device-wide sequence; call only inside a transaction that includes `meta`. */
export async function nextSeq(): Promise<number> {
  const row = await db.meta.get(OUTBOX_SEQ_KEY);
  const next = (typeof row?.value === 'number' ? row.value : 0) + 1;
  await db.meta.put({ key: OUTBOX_SEQ_KEY, value: next });
  return next;
}

export async function runMutation<T>(tables: readonly TableName[], work: (ctx: MutationContext) => Promise<T>): Promise<T> {
  const added: OutboxEntry[] = [];
  const scope = [...new Set<TableName>([...tables, 'outbox', 'meta'])].map((name) => db.table(name));
  const result = await db.transaction('rw', scope, async (tx) => {
    const enqueue = async (draft: OutboxDraft): Promise<OutboxEntry> => {
      const entry: OutboxEntry = {
        ...draft,
        id: newId(),
        seq: await nextSeq(),
        entityKey: entityKeyOf(draft.table, draft.recordId),
        kind: draft.kind ?? 'mutation',
        createdAt: new Date().toISOString(),
        attempts: 0,
        nextAttemptAt: 0,
        state: 'pending',
        lastError: null,
        conflict: null,
      };
      await db.outbox.add(entry);
      added.push(entry);
      return entry;
    };
    return work({ tx, enqueue });
  });
  announceOutboxWrites(added);
  return result;
}
