// Waiting entries no retry can send: they wait for the user to act on an entry that needs attention.
import type { OutboxEntry } from '../../db/outboxRows';

/**
 * The waiting entries held behind an entry that needs attention: the later entries of its record, and
 * entries that depend (directly or through others) on such a record's earlier entries — the same rule
 * by which the engine holds them back (`runnableEntries`).
 */
export function heldByAttention(entries: readonly OutboxEntry[]): OutboxEntry[] {
  const firstSeq = new Map<string, number>();
  for (const e of entries) firstSeq.set(e.entityKey, Math.min(e.seq, firstSeq.get(e.entityKey) ?? Infinity));
  const held = new Set(entries.filter((e) => e.state === 'attention').map((e) => e.entityKey));
  const waitsOnHeld = (e: OutboxEntry) => e.dependsOn.some((dep) => held.has(dep) && (firstSeq.get(dep) ?? Infinity) < e.seq);
  for (let grew = true; grew;) {
    grew = false;
    for (const e of entries) {
      if (held.has(e.entityKey) || !waitsOnHeld(e)) continue;
      held.add(e.entityKey);
      grew = true;
    }
  }
  return entries.filter((e) => e.state !== 'attention' && held.has(e.entityKey));
}
