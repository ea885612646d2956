// A batch on its way (markSent.ts `markBatchSent`): its entries are not rewritten when it goes, so one
// `meta` row names them, written with the rows' "sent" state and deleted in the transaction that applies
// the batch's answers. A batch cut off (the tab killed, the app closed) leaves its row behind: the next
// pass counts that attempt for each of its entries still waiting, as a single request's cut attempt is
// counted, then forgets the row.
import { db } from '../../db/db';
import type { OutboxEntry } from '../../db/outboxRows';
import { setRowsSyncState } from '../write/rows';

const PREFIX = 'sync.flight:';

type FlightValue = { entryIds: string[]; at: string };

function isFlightValue(value: unknown): value is FlightValue {
  return typeof value === 'object' && value !== null && Array.isArray((value as FlightValue).entryIds) && typeof (value as FlightValue).at === 'string';
}

/** Inside a rw transaction over `meta`: the batch of `entries` sent at `at`; returns the flight's key. */
export async function recordFlight(entries: readonly OutboxEntry[], at: string): Promise<string> {
  const key = `${PREFIX}${entries[0]?.id ?? ''}`;
  const value: FlightValue = { entryIds: entries.map((e) => e.id), at };
  await db.meta.put({ key, value });
  return key;
}

/** Inside a rw transaction over `meta`: the flight's answers are being applied. */
export async function endFlight(key: string): Promise<void> {
  await db.meta.delete(key);
}

/**
 * Counts the attempts of batches that never got an answer, and their rows show "saved on the device"
 * again instead of "sent"; returns how many flights there were. Cheap when there are none (one read).
 */
export async function countCutFlights(): Promise<number> {
  if ((await db.meta.where('key').startsWith(PREFIX).count()) === 0) return 0;
  // Rare: every table, as the records' rows may be in any of them.
  return db.transaction('rw', db.tables, async () => {
    const flights = await db.meta.where('key').startsWith(PREFIX).toArray();
    const counted = new Map<string, OutboxEntry>();
    for (const { value } of flights) {
      if (!isFlightValue(value)) continue;
      const entries = await db.outbox.bulkGet(value.entryIds.filter((id) => !counted.has(id)));
      for (const entry of entries) if (entry) counted.set(entry.id, { ...entry, attempts: entry.attempts + 1, lastAttemptAt: value.at });
    }
    await db.outbox.bulkPut([...counted.values()]);
    await db.meta.bulkDelete(flights.map((f) => f.key));
    const records = [...new Set([...counted.values()].filter((e) => e.kind === 'mutation').map((e) => e.entityKey))];
    await setRowsSyncState(await db.outbox.where('entityKey').anyOf(records).toArray());
    return flights.length;
  });
}
