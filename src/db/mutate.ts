// The single primitive behind every local change: the entity row(s) and their outbox entries are
// written in ONE 'rw' transaction, so a crash or a thrown error leaves either both or neither.
// Only src/sync/write/writePath.ts calls it: it builds the entries and announces them once committed.
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

export function entityKeyOf(table: string, id: string | number): string {
  return `${table}:${String(id)}`;
}

export function newId(): string {
  return crypto.randomUUID();
}

function storedSeq(row: { value: unknown } | undefined): number {
  return typeof row?.value === 'number' ? row.value : 0;
}

/** What a committed mutation returns: the work's value and the entries it added, in `seq` order. */
export type Committed<T> = { value: T; entries: OutboxEntry[] };

export async function runMutation<T>(tables: readonly TableName[], work: (ctx: MutationContext) => Promise<T>): Promise<Committed<T>> {
  const added: OutboxEntry[] = [];
  const scope = [...new Set<TableName>([...tables, 'outbox', 'meta'])].map((name) => db.table(name));
  const result = await db.transaction('rw', scope, async (tx) => {
    // The sequence lives in `meta` and is read inside this 'rw' transaction, so IndexedDB orders it
    // against every other tab and the service worker (no in-memory counter can go stale). The read is
    // sent now, alongside the row writes of `work`, and the entries take stored + 1, + 2 … in call order.
    const stored = db.meta.get(OUTBOX_SEQ_KEY).then(storedSeq);
    stored.catch(() => undefined); // a `work` that throws first aborts the read; the abort is its error
    let issued = 0;
    const enqueue = async (draft: OutboxDraft): Promise<OutboxEntry> => {
      const base = await stored;
      issued += 1;
      const seq = base + issued;
      const entry: OutboxEntry = {
        ...draft,
        id: newId(),
        seq,
        entityKey: entityKeyOf(draft.table, draft.recordId),
        kind: draft.kind ?? 'mutation',
        createdAt: new Date().toISOString(),
        attempts: 0,
        nextAttemptAt: 0,
        state: 'pending',
        lastError: null,
        conflict: null,
      };
      added.push(entry);
      // Issued in seq order, so the last `meta` write holds the highest value.
      await Promise.all([db.meta.put({ key: OUTBOX_SEQ_KEY, value: seq }), db.outbox.add(entry)]);
      return entry;
    };
    return work({ tx, enqueue });
  });
  return { value: result, entries: added };
}
