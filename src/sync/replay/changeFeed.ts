// The incremental pull (GET sync/changes; README "Incremental pull"): one request answers a page of
// changes of every table of the buildings asked for — a building the cursor does not cover comes whole,
// each table's scope as one `replace`; the others bring what changed since the cursor (`upsert`,
// `delete`). A page goes through the same apply path as every pull (rows.ts): rows with changes not
// sent yet keep them, records the replay got answered after the request went out are left alone. What
// each table's local scope is (which rows a `replace` stands for) is the caller's to say: the take of
// the day composes the features' tables (src/app/takeDayFeed.ts).
import type { ApiClient } from '../../api/client';
import { answerOf } from '../../api/answers';
import { db } from '../../db/db';
import type { TableName } from '../../db/db';
import { feedPage } from '../../lib/answers';
import type { FeedChange, FeedPage } from '../../lib/answers';
import { applyServerRecords, removeServerRecords } from '../write/rows';

type Row = Record<string, unknown>;

/** Which local rows of a building (null: of the whole table) the server's list of that scope stands for. */
export type FeedScope = (buildingId: number | null) => Promise<(row: Row) => boolean>;

export type FeedTableSpec = {
  scope: FeedScope;
  /** Writes the records instead of `applyServerRecords` into the table of the same name. */
  apply?: (records: Row[], prune: ((row: Row) => boolean) | undefined, sentAt: number) => Promise<unknown>;
  /** Removes records instead of `removeServerRecords` from the table of the same name. */
  remove?: (ids: readonly (string | number)[], inScope: (row: Row) => boolean, sentAt: number) => Promise<unknown>;
};

/** The tables a pull keeps, in the order a page is applied (a table after those its scope reads). */
export type FeedTables = ReadonlyMap<string, FeedTableSpec>;

export type FeedQuery = { cursor: string | null; buildings: readonly number[]; fresh: readonly number[]; day: string };

/** A page of whole buildings is far larger than a list's answer: time for it on a slow link. */
const FEED_PAGE_TIMEOUT_MS = 60_000;

/** One page: its answer, and when its request went out (ms, for the apply path). */
export async function requestFeedPage(api: ApiClient, query: FeedQuery): Promise<{ page: FeedPage; sentAt: number }> {
  const sentAt = Date.now();
  const params: Record<string, string> = { buildings: query.buildings.join(','), date: query.day };
  if (query.cursor) params.cursor = query.cursor;
  if (query.fresh.length > 0) params.fresh = query.fresh.join(',');
  return { page: answerOf(feedPage, await api.request('GET', 'sync/changes', params, { timeoutMs: FEED_PAGE_TIMEOUT_MS })), sentAt };
}

type Applier = {
  apply(records: Row[], prune: ((row: Row) => boolean) | undefined, sentAt: number): Promise<unknown>;
  remove(ids: readonly (string | number)[], inScope: (row: Row) => boolean, sentAt: number): Promise<unknown>;
};

function applierOf(table: string, spec: FeedTableSpec): Applier {
  const name = table as TableName;
  return {
    apply: spec.apply ?? ((records, prune, sentAt) => applyServerRecords(name, records, prune, sentAt)),
    remove: spec.remove ?? ((ids, inScope, sentAt) => removeServerRecords(name, ids, inScope, sentAt)),
  };
}

/**
 * Applies a page table by table in the tables' order; changes of a table the device does not keep (a
 * newer server's) are left out. Returns the buildings the page sent whole.
 */
export async function applyFeedChanges(changes: readonly FeedChange[], tables: FeedTables, sentAt: number): Promise<Set<number>> {
  // One transaction for the page: each table and building on its own costs a commit and a wake of every
  // live query (seconds on a slow phone for a few whole buildings), and a page is applied all or nothing.
  return db.transaction('rw', db.tables, async () => {
    const whole = new Set<number>();
    for (const [table, spec] of tables) {
      const mine = changes.filter((c) => c.table === table);
      if (mine.length === 0) continue;
      const applier = applierOf(table, spec);
      // The buildings sent whole go in one write: their records are apart, so one prune by any of their scopes is each one's.
      const replaced = mine.flatMap((c) => (c.op === 'replace' ? [c] : []));
      if (replaced.length > 0) {
        const scopes = await Promise.all(replaced.map((c) => spec.scope(c.buildingId)));
        await applier.apply(
          replaced.flatMap((c) => c.records),
          (row) => scopes.some((inScope) => inScope(row)),
          sentAt,
        );
        for (const c of replaced) if (c.buildingId !== null) whole.add(c.buildingId);
      }
      const upserts = mine.flatMap((c) => (c.op === 'upsert' ? [c.record] : []));
      if (upserts.length > 0) await applier.apply(upserts, undefined, sentAt);
      const deletes = new Map<number | null, (string | number)[]>();
      for (const c of mine) if (c.op === 'delete') deletes.set(c.buildingId, [...(deletes.get(c.buildingId) ?? []), c.id]);
      for (const [buildingId, ids] of deletes) await applier.remove(ids, await spec.scope(buildingId), sentAt);
    }
    return whole;
  });
}
