// The incremental pull (GET /api/binyan/sync/changes, docs/api.md "Incremental pull"): everything a
// device keeps of the buildings it names, in a few pages instead of one request per table, building
// and meter. A building the cursor covers gets what changed since the cursor (the change log,
// data/syncChanges.ts); a building it does not cover (a first take, a building added to the round, one
// the device asks for whole) gets all its records, each table's whole scope as one `replace`. Every
// record comes from its table's own read function under that route's right (feedTables.ts), for a
// building the user may see (`loadBuilding`, the routes' rule): the pull never shows more than the
// routes would.
import type { FastifyRequest } from 'fastify';
import type { DailyPlan } from '../../../src/lib/domain/entities.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { isBefore, syncChanges } from '../data/syncChanges.ts';
import type { ChangeRow, Position } from '../data/syncChanges.ts';
import { loadBuilding, visibleBuildings } from '../http/access.ts';
import { authOf } from '../http/hooks.ts';
import { mayDo } from '../http/rights.ts';
import { planOf } from '../routes/dailyPlan.ts';
import { cursorPosition, decodeCursor, digestOf, encodeCursor } from './cursor.ts';
import type { Cursor } from './cursor.ts';
import { buildingsFeed, feedTables } from './feedTables.ts';
import type { FeedTable, Row } from './feedTables.ts';

/** Change-log rows read per page (a page may hold fewer changes: several rows of one record are one change). */
export const CHANGE_ROWS_PER_PAGE = 2_000;
/** Records of whole buildings per page: a page ends after the building that passes it. */
export const RECORDS_PER_PAGE = 3_000;

export type FeedChange =
  | { table: string; op: 'upsert'; record: Row }
  | { table: string; op: 'delete'; id: string | number; buildingId: number | null }
  | { table: string; op: 'replace'; buildingId: number | null; records: Row[] };

export type ResetReason = 'cursorRefused' | 'cursorTooOld' | 'accessChanged';

export type FeedPage = {
  changes: FeedChange[];
  /** Where the next pull starts (also the next page's, when `more`). */
  cursor: string;
  more: boolean;
  /** The day's plan, when the device's differs (or it has none). */
  plan?: DailyPlan;
};

export type FeedAnswer = FeedPage | { reset: ResetReason };

export type FeedRequest = {
  cursor: string | null;
  /** The buildings the device keeps, in the order it wants them. */
  buildings: readonly number[];
  /** Buildings to send whole even if the cursor covers them (the device lost or never kept them). */
  fresh: readonly number[];
  day: string;
};

type Scope = { tables: FeedTable[]; visible: number[]; access: string };

async function scopeOf(db: Db, req: FastifyRequest): Promise<Scope> {
  const tables = feedTables.filter((t) => mayDo(req, t.right));
  const visible = (await visibleBuildings(db, req)).map((b) => b.id).sort((a, b) => a - b);
  return { tables, visible, access: digestOf({ visible, tables: tables.map((t) => t.table) }) };
}

/** Whether the cursor may be continued from, or why not. */
async function checkCursor(db: Db, req: FastifyRequest, cursor: Cursor, scope: Scope, end: Position): Promise<ResetReason | null> {
  const { user, companyId } = authOf(req);
  if (cursor.u !== user.id || cursor.c !== companyId) return 'cursorRefused';
  const at = cursorPosition(cursor);
  // A position the log has not reached: not a cursor this server gave.
  if (isBefore(end, at)) return 'cursorRefused';
  if (isBefore(at, await syncChanges.floor(db))) return 'cursorTooOld';
  if (cursor.a !== scope.access) return 'accessChanged';
  return null;
}

/** The change-log rows of one building, by label. */
type Touched = Map<string, Set<string>>;

function touchedByBuilding(rows: readonly ChangeRow[]): { buildings: Set<string>; byBuilding: Map<number, Touched> } {
  const buildings = new Set<string>();
  const byBuilding = new Map<number, Touched>();
  for (const row of rows) {
    if (row.tbl === buildingsFeed.label) buildings.add(row.recordId);
    if (row.buildingId === null) continue;
    const touched = byBuilding.get(row.buildingId) ?? new Map<string, Set<string>>();
    const ids = touched.get(row.tbl) ?? new Set<string>();
    ids.add(row.recordId);
    touched.set(row.tbl, ids);
    byBuilding.set(row.buildingId, touched);
  }
  return { buildings, byBuilding };
}

/** What changed in one table of one building: the changed records as the route reads them, the others deleted. */
async function tableChanges(db: Db, companyId: number, buildingId: number, table: FeedTable, touched: Touched, day: string): Promise<FeedChange[]> {
  const named = new Set(table.labels.flatMap((label) => [...(touched.get(label) ?? [])]));
  const refreshes = Object.entries(table.refreshOn ?? {}).filter(([label]) => touched.has(label));
  if (named.size === 0 && refreshes.length === 0) return [];
  const records = await table.read(db, companyId, buildingId, day);
  if (refreshes.some(([, refresh]) => refresh === 'replace')) return [{ table: table.table, op: 'replace', buildingId, records }];
  const picks = refreshes.flatMap(([label, refresh]) => (refresh === 'replace' ? [] : [{ refresh, ids: touched.get(label) ?? new Set<string>() }]));
  const changes: FeedChange[] = [];
  const present = new Set<string>();
  for (const record of records) {
    const id = String(record[table.key]);
    present.add(id);
    if (named.has(id) || picks.some(({ refresh, ids }) => refresh(record, ids))) changes.push({ table: table.table, op: 'upsert', record });
  }
  // Gone, or no longer in the scope the route lists (a call closed, a group submitted).
  for (const id of named) if (!present.has(id)) changes.push({ table: table.table, op: 'delete', id, buildingId });
  return changes;
}

async function wholeBuilding(db: Db, companyId: number, buildingId: number, tables: readonly FeedTable[], day: string): Promise<FeedChange[]> {
  const changes: FeedChange[] = [];
  for (const table of tables) changes.push({ table: table.table, op: 'replace', buildingId, records: await table.read(db, companyId, buildingId, day) });
  return changes;
}

const recordsIn = (changes: readonly FeedChange[]) => changes.reduce((n, c) => n + (c.op === 'replace' ? c.records.length : 1), 0);

export async function pullChanges(ctx: Pick<AppContext, 'db'>, req: FastifyRequest, request: FeedRequest): Promise<FeedAnswer> {
  const { db } = ctx;
  const { user, companyId } = authOf(req);
  // Each building as its routes load it: another company's → 403, one not assigned → 403, unknown → 404.
  for (const id of request.buildings) await loadBuilding(db, req, id);
  const scope = await scopeOf(db, req);
  // Read before any record: a change committed after this point has a later position (syncChanges.ts).
  const end = await syncChanges.end(db);
  const cursor = request.cursor === null ? null : decodeCursor(request.cursor);
  if (request.cursor !== null && cursor === null) return { reset: 'cursorRefused' };
  if (cursor) {
    const reason = await checkCursor(db, req, cursor, scope, end);
    if (reason) return { reset: reason };
  }
  const wanted = [...new Set(request.buildings)];
  const fresh = new Set(request.fresh);
  const covered = new Set((cursor?.b ?? []).filter((b) => wanted.includes(b) && !fresh.has(b)));
  const changes: FeedChange[] = [];
  let at = cursor ? cursorPosition(cursor) : end;

  if (!cursor) {
    changes.push({ table: buildingsFeed.table, op: 'replace', buildingId: null, records: await visibleBuildings(db, req) });
  } else {
    const rows = await syncChanges.between(db, companyId, at, end, [...covered], CHANGE_ROWS_PER_PAGE);
    const { buildings, byBuilding } = touchedByBuilding(rows);
    if (buildings.size > 0) {
      const visible = await visibleBuildings(db, req);
      for (const b of visible) if (buildings.has(String(b.id))) changes.push({ table: buildingsFeed.table, op: 'upsert', record: b });
      for (const id of buildings)
        if (!visible.some((b) => String(b.id) === id)) changes.push({ table: buildingsFeed.table, op: 'delete', id: Number(id), buildingId: null });
    }
    const dayChanged = cursor.d !== request.day;
    for (const buildingId of covered) {
      const touched = byBuilding.get(buildingId) ?? new Map<string, Set<string>>();
      for (const table of scope.tables) {
        // A new day: the building's visits are that day's.
        if (dayChanged && table.table === 'visits')
          changes.push({ table: table.table, op: 'replace', buildingId, records: await table.read(db, companyId, buildingId, request.day) });
        else changes.push(...(await tableChanges(db, companyId, buildingId, table, touched, request.day)));
      }
    }
    const last = rows.at(-1);
    if (rows.length === CHANGE_ROWS_PER_PAGE && last) {
      // More of the log to read before any building is sent whole; the day is the cursor's until then.
      const next: Cursor = { ...cursor, t: last.txid, s: last.seq, b: [...covered], d: request.day };
      return { changes, cursor: encodeCursor(next), more: true };
    }
    at = end;
  }

  // Buildings not covered yet, whole, in the device's order, until the page is full.
  let budget = RECORDS_PER_PAGE - recordsIn(changes);
  const pending = wanted.filter((b) => !covered.has(b));
  while (pending.length > 0 && (budget > 0 || recordsIn(changes) === 0)) {
    const buildingId = pending.shift() as number;
    const whole = await wholeBuilding(db, companyId, buildingId, scope.tables, request.day);
    changes.push(...whole);
    budget -= recordsIn(whole);
    covered.add(buildingId);
  }

  const mayPlan = mayDo(req, 'plan.read');
  const plan = mayPlan ? await planOf(db, user, request.day) : null;
  const planDigest = digestOf(plan);
  const next: Cursor = {
    v: 1,
    u: user.id,
    c: companyId,
    t: at.t,
    s: at.s,
    b: wanted.filter((b) => covered.has(b)),
    d: request.day,
    p: planDigest,
    a: scope.access,
  };
  return {
    changes,
    cursor: encodeCursor(next),
    more: pending.length > 0,
    ...(plan && cursor?.p !== planDigest ? { plan } : {}),
  };
}
