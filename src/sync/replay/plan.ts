// The replayer's in-memory plan of a pass (see engine.ts).
import type { OutboxEntry } from '../../db/outboxRows';

/**
 * A pass's view of the user's outbox, kept in memory: per record, its entries in `seq` order. Only the
 * heads can run. A record is refreshed from what its verdict's transaction read; the whole plan is
 * re-read only when the pass runs out of work or is told of new entries.
 */
export type Plan = {
  heads(): OutboxEntry[];
  all(): OutboxEntry[];
  update(entry: OutboxEntry): void;
  forget(entry: OutboxEntry): void;
  replaceRecord(entityKey: string, entries: readonly OutboxEntry[]): void;
  reload(entries: readonly OutboxEntry[]): void;
};

export function createPlan(userKey: string, initial: readonly OutboxEntry[]): Plan {
  const queues = new Map<string, OutboxEntry[]>();
  const replaceRecord = (entityKey: string, entries: readonly OutboxEntry[]) => {
    const mine = entries.filter((e) => e.ownerUserKey === userKey).sort((a, b) => a.seq - b.seq);
    if (mine.length === 0) queues.delete(entityKey);
    else queues.set(entityKey, mine);
  };
  const reload = (entries: readonly OutboxEntry[]) => {
    queues.clear();
    const byKey = new Map<string, OutboxEntry[]>();
    for (const e of entries) {
      const list = byKey.get(e.entityKey);
      if (list) list.push(e);
      else byKey.set(e.entityKey, [e]);
    }
    for (const [key, list] of byKey) replaceRecord(key, list);
  };
  const patch = (entry: OutboxEntry, next: OutboxEntry | null) => {
    const queue = queues.get(entry.entityKey);
    if (!queue) return;
    const rest = queue.filter((e) => e.id !== entry.id);
    replaceRecord(entry.entityKey, next ? [...rest, next] : rest);
  };
  reload(initial);
  return {
    heads: () => [...queues.values()].map((q) => q[0] as OutboxEntry),
    all: () => [...queues.values()].flat(),
    update: (entry) => patch(entry, entry),
    forget: (entry) => patch(entry, null),
    replaceRecord,
    reload,
  };
}

/** Entries that may be sent now, in the order they should start. Pure, so ordering is testable. */
export function runnableEntries(entries: readonly OutboxEntry[], nowMs: number, running: ReadonlySet<string>): OutboxEntry[] {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  const firstSeqByKey = new Map<string, number>();
  for (const e of sorted) if (!firstSeqByKey.has(e.entityKey)) firstSeqByKey.set(e.entityKey, e.seq);
  const busyKeys = new Set(sorted.filter((e) => running.has(e.id)).map((e) => e.entityKey));
  const waitsOn = (entry: OutboxEntry) => {
    for (const dep of entry.dependsOn) {
      const first = firstSeqByKey.get(dep);
      if (first !== undefined && first < entry.seq) return true;
    }
    return false;
  };
  return sorted
    .filter((e) => firstSeqByKey.get(e.entityKey) === e.seq)
    .filter((e) => e.state !== 'attention' && !busyKeys.has(e.entityKey) && e.nextAttemptAt <= nowMs && !waitsOn(e))
    .sort((a, b) => (a.kind === b.kind ? a.seq - b.seq : a.kind === 'mutation' ? -1 : 1));
}
