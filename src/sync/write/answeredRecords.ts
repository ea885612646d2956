// Records the server has just answered a change of, per table, with when the answer was applied. A pull
// whose request went out before such an answer carries the server's state from before that change: it
// must neither overwrite those rows with it nor remove them as "no longer on the server" (a call made
// offline vanished from the device when the list's refresh, sent as the connection came back, was
// answered after the replay's batch that created it). Kept in `meta`, so every tab's pulls see every
// tab's answers; a mark outlives any pull that could have been sent before it.
import { db } from '../../db/db';

const PREFIX = 'sync.answered:';

/** Far longer than a request may take (the API client gives up after seconds). */
export const ANSWER_MARK_KEEP_MS = 10 * 60_000;

type Marks = Record<string, number>;

function isMarks(value: unknown): value is Marks {
  return typeof value === 'object' && value !== null && Object.values(value).every((at) => typeof at === 'number');
}

async function marksOf(table: string): Promise<Marks> {
  const value = (await db.meta.get(`${PREFIX}${table}`))?.value;
  return isMarks(value) ? value : {};
}

/** Inside a rw transaction over `meta`: the server answered changes of these records of `table` at `at` (ms). */
export async function noteAnswered(table: string, ids: Iterable<string | number>, at: number): Promise<void> {
  const fresh: Marks = {};
  for (const [id, when] of Object.entries(await marksOf(table))) if (when > at - ANSWER_MARK_KEEP_MS) fresh[id] = when;
  let added = false;
  for (const id of ids) {
    fresh[String(id)] = at;
    added = true;
  }
  if (added) await db.meta.put({ key: `${PREFIX}${table}`, value: fresh });
}

/** Inside a transaction over `meta`: the ids of `table` whose changes were answered at or after `since` (ms). */
export async function answeredSince(table: string, since: number): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const [id, at] of Object.entries(await marksOf(table))) if (at >= since) ids.add(id);
  return ids;
}
