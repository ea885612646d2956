// Issue 30, incremental sync: a change log the device pulls from (GET /api/binyan/sync/changes,
// server/src/sync/). Every insert, update and delete of a table the worker's day needs writes one row
// of `sync_changes` from a trigger, in the transaction of the change itself: no write path can forget
// it, a rolled-back change leaves none, and a delete leaves its tombstone. A row names the table as the
// device calls it, the record, its company and building; a record moved to another building also
// leaves a row under the building it left. `seq` numbers rows in the order they were written; on
// PostgreSQL `txid` is the writing transaction's id, which the reader compares with the oldest
// transaction still running (src/sync/README.md, "Incremental pull"), so a change committed late is
// never skipped. `sync_floor` is the oldest position the log still answers for (rows before it were
// purged: a device whose cursor is older takes its buildings whole again).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

/** How a tracked row names its building: a column of its own, or its parent's through a lookup. */
type BuildingOf = { column: string } | { parent: string; parentKey: string; parentBuilding: string; via: string };

type Tracked = {
  table: string;
  /** The table as the device names it (the change log's `tbl`). */
  label: string;
  /** The record id: a column, or an SQL expression over the row `R` (file links name their call). */
  id: string | ((row: string) => string);
  building: BuildingOf | ((row: string) => string);
  /** Rows of the table that matter (file links: a call's or its update's photos only). */
  when?: (row: string) => string;
};

const col = (row: string, column: string) => `${row}."${column}"`;

/** The call a photo link belongs to: the call itself, or the call of the update it was attached to. */
const callOfLink = (row: string) =>
  `CASE ${col(row, 'parentType')} WHEN 'serviceCalls' THEN ${col(row, 'parentId')} ` +
  `ELSE (SELECT u."serviceCallId" FROM service_call_updates u WHERE u."id" = ${col(row, 'parentId')}) END`;

export const trackedTables: readonly Tracked[] = [
  { table: 'buildings', label: 'buildings', id: 'id', building: { column: 'id' } },
  { table: 'apartments', label: 'apartments', id: 'id', building: { column: 'buildingId' } },
  { table: 'contacts', label: 'contacts', id: 'id', building: { column: 'buildingId' } },
  { table: 'service_calls', label: 'serviceCalls', id: 'id', building: { column: 'buildingId' } },
  {
    table: 'service_call_updates',
    label: 'serviceCallUpdates',
    id: 'id',
    building: { parent: 'service_calls', parentKey: 'id', parentBuilding: 'buildingId', via: 'serviceCallId' },
  },
  { table: 'meters', label: 'meters', id: 'id', building: { column: 'buildingId' } },
  { table: 'meter_readings', label: 'meterReadings', id: 'id', building: { column: 'buildingId' } },
  { table: 'key_items', label: 'keys', id: 'id', building: { column: 'buildingId' } },
  { table: 'mail_items', label: 'mailItems', id: 'id', building: { column: 'buildingId' } },
  { table: 'visits', label: 'visits', id: 'id', building: { column: 'buildingId' } },
  { table: 'facilities', label: 'facilities', id: 'id', building: { column: 'buildingId' } },
  { table: 'maintenance_tests', label: 'maintenanceTests', id: 'id', building: { column: 'buildingId' } },
  { table: 'check_groups', label: 'checkGroups', id: 'ChecksHeaderGuid', building: { column: 'BuildingId' } },
  // A check is part of its group's record on the device (the group comes with its checks).
  {
    table: 'checks',
    label: 'checkGroups',
    id: 'ChecksHeaderGuid',
    building: { parent: 'check_groups', parentKey: 'ChecksHeaderGuid', parentBuilding: 'BuildingId', via: 'ChecksHeaderGuid' },
  },
  // Debts, apartments' balances and readings' charges are read from the ledger.
  { table: 'ledger_entries', label: 'ledger', id: 'id', building: { column: 'buildingId' } },
  {
    table: 'file_links',
    label: 'serviceCallFiles',
    id: callOfLink,
    building: (row) => `(SELECT c."buildingId" FROM service_calls c WHERE c."id" = (${callOfLink(row)}))`,
    when: (row) => `${col(row, 'parentType')} IN ('serviceCalls', 'serviceCallUpdates')`,
  },
];

function idOf(t: Tracked, row: string): string {
  return typeof t.id === 'string' ? `CAST(${col(row, t.id)} AS TEXT)` : `CAST((${t.id(row)}) AS TEXT)`;
}

function buildingOf(t: Tracked, row: string): string {
  const b = t.building;
  if (typeof b === 'function') return b(row);
  if ('column' in b) return col(row, b.column);
  return `(SELECT p."${b.parentBuilding}" FROM ${b.parent} p WHERE p."${b.parentKey}" = ${col(row, b.via)})`;
}

/** One log row for `row` (NEW or OLD); `txid` is the engine's expression of the writing transaction. */
function logRow(t: Tracked, row: string, op: 'upsert' | 'delete', txid: string, extra = ''): string {
  const conditions = [`${idOf(t, row)} IS NOT NULL`, ...(t.when ? [t.when(row)] : []), ...(extra ? [extra] : [])];
  return (
    `INSERT INTO sync_changes ("txid", "companyId", "buildingId", "tbl", "recordId", "op") ` +
    `SELECT ${txid}, ${col(row, 'companyId')}, ${buildingOf(t, row)}, '${t.label}', ${idOf(t, row)}, '${op}' WHERE ${conditions.join(' AND ')};`
  );
}

async function sqliteTriggers(db: Kysely<unknown>, t: Tracked): Promise<void> {
  const moved = `(${buildingOf(t, 'OLD')}) IS NOT (${buildingOf(t, 'NEW')})`;
  const name = (op: string) => `sync_${t.table}_${op}`;
  await sql.raw(`CREATE TRIGGER ${name('ins')} AFTER INSERT ON ${t.table} BEGIN ${logRow(t, 'NEW', 'upsert', '0')} END`).execute(db);
  await sql
    .raw(`CREATE TRIGGER ${name('upd')} AFTER UPDATE ON ${t.table} BEGIN ${logRow(t, 'OLD', 'delete', '0', moved)} ${logRow(t, 'NEW', 'upsert', '0')} END`)
    .execute(db);
  await sql.raw(`CREATE TRIGGER ${name('del')} AFTER DELETE ON ${t.table} BEGIN ${logRow(t, 'OLD', 'delete', '0')} END`).execute(db);
}

async function postgresTrigger(db: Kysely<unknown>, t: Tracked): Promise<void> {
  // The top-level transaction's id, also inside a savepoint (a sync batch's changes).
  const txid = 'pg_current_xact_id()::text::bigint';
  const moved = `(${buildingOf(t, 'OLD')}) IS DISTINCT FROM (${buildingOf(t, 'NEW')})`;
  const fn = `binyan_sync_${t.table}`;
  await sql
    .raw(
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'DELETE' THEN ${logRow(t, 'OLD', 'delete', txid)}
         ELSIF TG_OP = 'UPDATE' THEN ${logRow(t, 'OLD', 'delete', txid, moved)} ${logRow(t, 'NEW', 'upsert', txid)}
         ELSE ${logRow(t, 'NEW', 'upsert', txid)}
         END IF;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql.raw(`CREATE TRIGGER sync_${t.table} AFTER INSERT OR UPDATE OR DELETE ON ${t.table} FOR EACH ROW EXECUTE FUNCTION ${fn}()`).execute(db);
}

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  const postgres = types.engine === 'postgres';
  await db.schema
    .createTable('sync_changes')
    .addColumn('seq', postgres ? 'bigint' : 'integer', types.autoId)
    .addColumn('txid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer')
    .addColumn('tbl', 'text', (c) => c.notNull())
    .addColumn('recordId', 'text', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull().defaultTo(postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`))
    .execute();
  await db.schema.createIndex('sync_changes_position').on('sync_changes').columns(['companyId', 'txid', 'seq']).execute();
  await db.schema.createIndex('sync_changes_created').on('sync_changes').column('createdAt').execute();
  await db.schema
    .createTable('sync_floor')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('txid', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO sync_floor ("id", "txid", "seq") VALUES (1, 0, 0)`.execute(db);
  for (const t of trackedTables) await (postgres ? postgresTrigger(db, t) : sqliteTriggers(db, t));
}
