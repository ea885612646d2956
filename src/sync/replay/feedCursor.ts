// Where this device's copy stands in the server's change log (the incremental pull, changeFeed.ts): one
// typed `meta` row, for the user whose take wrote it. Another user's take, or a cursor the server
// refused, replaces or drops it; the next take then starts from nothing and takes its buildings whole.
import { db } from '../../db/db';
import type { MetaRow } from '../../db/schema';

const KEY = 'sync.feedCursor';

export type FeedCursor = {
  userKey: string;
  /** The server's cursor (opaque). */
  cursor: string;
  /** The buildings it covers, and the day whose visits and plan came with it. */
  buildings: number[];
  day: string;
  /** When the pull that gave it ended (ISO). */
  at: string;
};

function isFeedCursor(value: unknown): value is FeedCursor {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.userKey === 'string' &&
    typeof v.cursor === 'string' &&
    Array.isArray(v.buildings) &&
    v.buildings.every((b) => typeof b === 'number') &&
    typeof v.day === 'string' &&
    typeof v.at === 'string'
  );
}

/** The user's cursor, or null (none, another user's, or not one this version wrote). */
export async function feedCursorOf(userKey: string): Promise<FeedCursor | null> {
  const value = (await db.meta.get(KEY))?.value;
  return isFeedCursor(value) && value.userKey === userKey ? value : null;
}

export async function keepFeedCursor(cursor: FeedCursor): Promise<void> {
  await db.meta.put({ key: KEY, value: cursor } satisfies MetaRow);
}

export async function dropFeedCursor(): Promise<void> {
  await db.meta.delete(KEY);
}
