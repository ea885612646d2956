// The change log the device's incremental pull reads (migration 029: triggers write it in the change's
// own transaction). A position is (txid, seq): rows are read in that order, and only up to the log's
// `end` — the point before which every change is final:
// - SQLite runs one write transaction at a time (across processes too), so `seq` is commit order and
//   the end is the last row written (txid is always 0).
// - PostgreSQL numbers rows from a sequence when they are written, not when they commit: a transaction
//   that took seq 10 may commit after one that took seq 11. So a row's position starts with its
//   transaction id, and the end is the oldest transaction still running (`pg_snapshot_xmin`): every
//   transaction below it has committed or rolled back, and none can start below it again. A change
//   committed late therefore has a position above every end a reader saw while it ran: never skipped.
import { sql } from 'kysely';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

export type Position = { t: number; s: number };

export type ChangeRow = { txid: number; seq: number; buildingId: number | null; tbl: string; recordId: string };

export const positionOf = (row: Pick<ChangeRow, 'txid' | 'seq'>): Position => ({ t: Number(row.txid), s: Number(row.seq) });

export const isBefore = (a: Position, b: Position): boolean => a.t < b.t || (a.t === b.t && a.s < b.s);

type Eb = ExpressionBuilder<DB, 'sync_changes'>;

const after = (eb: Eb, p: Position) => eb.or([eb('txid', '>', p.t), eb.and([eb('txid', '=', p.t), eb('seq', '>', p.s)])]);
const notAfter = (eb: Eb, p: Position) => eb.or([eb('txid', '<', p.t), eb.and([eb('txid', '=', p.t), eb('seq', '<=', p.s)])]);

export const syncChanges = {
  /** Where the log's final part ends now (see above): a new cursor starts here, and reads stop here. */
  async end(db: Db): Promise<Position> {
    if (db.engine === 'postgres') {
      const row = await db.first({ compile: () => sql<{ w: string }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS w`.compile(db.q) });
      return { t: Number(row?.w ?? 0), s: 0 };
    }
    const row = await db.first(db.q.selectFrom('sync_changes').select((eb) => eb.fn.max('seq').as('max')));
    // An emptied log (everything purged) still ends where its last row was.
    return { t: 0, s: Math.max(Number(row?.max ?? 0), (await syncChanges.floor(db)).s) };
  },

  /** The oldest position the log still answers for (older rows were purged). */
  async floor(db: Db): Promise<Position> {
    const row = await db.first(db.q.selectFrom('sync_floor').select(['txid', 'seq']).where('id', '=', 1));
    return row ? positionOf(row) : { t: 0, s: 0 };
  },

  /** The company's rows after `from` up to `end`, for these buildings (and its buildings' own rows), in order. */
  async between(db: Db, companyId: number, from: Position, end: Position, buildingIds: readonly number[], limit: number): Promise<ChangeRow[]> {
    const rows = await db.all(
      db.q
        .selectFrom('sync_changes')
        .select(['txid', 'seq', 'buildingId', 'tbl', 'recordId'])
        .where('companyId', '=', companyId)
        .where((eb) => after(eb, from))
        .where((eb) => notAfter(eb, end))
        .where((eb) => eb.or([eb('tbl', '=', 'buildings'), ...(buildingIds.length > 0 ? [eb('buildingId', 'in', buildingIds)] : [])]))
        .orderBy('txid')
        .orderBy('seq')
        .limit(limit),
    );
    return rows.map((r) => ({ ...r, txid: Number(r.txid), seq: Number(r.seq) }));
  },

  /**
   * Removes the rows written before `beforeIso` and moves the floor past them: a cursor from before
   * the floor is answered "too old" (the device takes its buildings whole again). Returns how many went.
   */
  purge: (db: Db, beforeIso: string): Promise<number> =>
    db.tx(async (tx) => {
      const last = await tx.first(
        tx.q.selectFrom('sync_changes').select(['txid', 'seq']).where('createdAt', '<', beforeIso).orderBy('txid', 'desc').orderBy('seq', 'desc').limit(1),
      );
      if (!last) return 0;
      const upTo = positionOf(last);
      const floor = await syncChanges.floor(tx);
      if (isBefore(floor, upTo)) await tx.run(tx.q.updateTable('sync_floor').set({ txid: upTo.t, seq: upTo.s }).where('id', '=', 1));
      const { changes } = await tx.run(tx.q.deleteFrom('sync_changes').where((eb) => notAfter(eb, upTo)));
      return changes;
    }),
};
