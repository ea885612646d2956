// The buildings whose records have changes waiting in the outbox: "take the day offline" always
// takes them (src/app/takeDayOffline.ts), so a worker who limits the take never loses sight of a
// building they changed something in.
import { db } from '../../db/db';
import type { OutboxEntry } from '../../db/outboxRows';

type Loose = Record<string, unknown>;

const buildingIdIn = (fields: Loose | null | undefined): number | null =>
  typeof fields?.buildingId === 'number' && Number.isInteger(fields.buildingId) ? fields.buildingId : null;

async function rowOf(table: string, id: unknown): Promise<Loose | null> {
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  const named = db.tables.find((t) => t.name === table);
  return ((await named?.get(id)) as Loose | undefined) ?? null;
}

/** The building a record belongs to: its own `buildingId`, or its owner's (a photo, an update, a reading). */
async function buildingOfRecord(table: string, id: unknown, depth = 0): Promise<number | null> {
  const row = await rowOf(table, id);
  if (!row || depth > 2) return null;
  const own = buildingIdIn(row);
  if (own !== null) return own;
  if (table === 'photos' && typeof row.ownerTable === 'string') return buildingOfRecord(row.ownerTable, row.ownerId, depth + 1);
  if (typeof row.serviceCallId === 'string') return buildingOfRecord('serviceCalls', row.serviceCallId, depth + 1);
  if (typeof row.meterId === 'string') return buildingOfRecord('meters', row.meterId, depth + 1);
  return null;
}

async function buildingOfEntry(entry: OutboxEntry): Promise<number | null> {
  return buildingIdIn(entry.payload) ?? buildingIdIn(entry.base) ?? buildingIdIn(entry.rowPatch) ?? (await buildingOfRecord(entry.table, entry.recordId));
}

/** Ids of the buildings with outbox entries not yet applied (any user of this device), without repeats. */
export async function buildingsWithPendingChanges(): Promise<number[]> {
  const ids = new Set<number>();
  for (const entry of await db.outbox.toArray()) {
    const id = await buildingOfEntry(entry);
    if (id !== null) ids.add(id);
  }
  return [...ids];
}
