// Generic access to versioned domain records (tables whose columns are the entity's fields plus
// companyId), used by the data modules (server/src/data). Entity ↔ row conversion: booleans are
// written as booleans (SQLite stores 0/1) and read back from either form; arrays/objects are written as
// JSON text and read back from text (SQLite) or the parsed jsonb value (PostgreSQL).
import type { Compilable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { statement } from './database.ts';
import type { Statement } from './database.ts';
import type { DB } from './schema.ts';

type Row = Record<string, unknown>;
type LooseDb = Record<string, Row>;

export type RecordSpec<E> = {
  table: string;
  key: keyof E & string;
  booleans?: readonly (keyof E & string)[];
  json?: readonly (keyof E & string)[];
  /** Columns stored but not part of the entity (companyId unless the entity has it). */
  hidden?: readonly string[];
  /** Stored columns computed from the entity on every write (e.g. a normalized, indexed lookup key). */
  derived?: (entity: E) => Row;
};

export type Owned<E> = { entity: E; companyId: number };

/** A kind of record and the queries every kind has; the data modules add their own (server/src/data). */
export type Resource<E> = {
  readonly spec: RecordSpec<E>;
  find(db: Db, id: string | number): Promise<Owned<E> | undefined>;
  list(db: Db, filter: Filter, options?: ListOptions): Promise<E[]>;
  insert(db: Db, entity: E, companyId: number): Promise<void>;
  update(db: Db, entity: E): Promise<void>;
  remove(db: Db, id: string | number): Promise<void>;
};

export function resource<E>(spec: RecordSpec<E>): Resource<E> {
  return {
    spec,
    find: (db, id) => findOwned(db, spec, id),
    list: (db, filter, options) => list(db, spec, filter, options),
    insert: (db, entity, companyId) => insertRecord(db, spec, entity, companyId),
    update: (db, entity) => updateRecord(db, spec, entity),
    remove: (db, id) => deleteRecord(db, spec, id),
  };
}

function loose(q: Kysely<DB>): Kysely<LooseDb> {
  return q as unknown as Kysely<LooseDb>;
}

const keyOf = <E>(spec: RecordSpec<E>): string => spec.key;

/** A stored boolean in either engine's form. */
export const asBoolean = (value: unknown): boolean => value === 1 || value === true;

/** A stored JSON value in either engine's form. */
export const fromJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

export function decode<E>(spec: RecordSpec<E>, row: Row): E {
  const out: Row = { ...row };
  for (const h of spec.hidden ?? ['companyId']) delete out[h];
  for (const b of spec.booleans ?? []) out[b] = asBoolean(row[b]);
  for (const j of spec.json ?? []) out[j] = fromJson(row[j]);
  return out as E;
}

export function encode<E>(spec: RecordSpec<E>, entity: E, extra: Row = {}): Row {
  const row: Row = { ...(entity as Row), ...spec.derived?.(entity), ...extra };
  // An optional flag left out keeps the column's default (and a schema before its migration has no column).
  for (const b of spec.booleans ?? []) if (row[b] !== undefined) row[b] = Boolean(row[b]);
  for (const j of spec.json ?? []) row[j] = JSON.stringify(row[j] ?? null);
  return row;
}

type Stmt = Statement<unknown[], Row>;

// Compiled once per table and column list: these run on every mutation.
const statements = new Map<string, Stmt>();

function prepared(shape: string, build: (q: Kysely<DB>, ...args: unknown[]) => Compilable<unknown>, arity: number): Stmt {
  let s = statements.get(shape);
  if (!s) {
    s = statement<unknown[], Row>(build as (q: Kysely<DB>, ...args: unknown[]) => Compilable<Row>, arity);
    statements.set(shape, s);
  }
  return s;
}

export async function findOwned<E>(db: Db, spec: RecordSpec<E>, id: string | number): Promise<Owned<E> | undefined> {
  const find = prepared(
    `find ${spec.table}`,
    (q, value) =>
      loose(q)
        .selectFrom(spec.table)
        .selectAll()
        .where(keyOf(spec), '=', value as string),
    1,
  );
  const row = await find.first(db, id);
  return row ? { entity: decode(spec, row), companyId: Number(row.companyId) } : undefined;
}

/** Column = value; an array means "one of" (an empty array matches nothing). */
export type Filter = Record<string, string | number | boolean | null | readonly (string | number)[]>;

export type ListOptions = { orderBy?: string; desc?: boolean; since?: string; limit?: number };

export async function list<E>(db: Db, spec: RecordSpec<E>, filter: Filter, options: ListOptions = {}): Promise<E[]> {
  let query = loose(db.q).selectFrom(spec.table).selectAll();
  for (const [col, value] of Object.entries(filter)) {
    if (value === null) query = query.where(col, 'is', null);
    else if (Array.isArray(value)) query = value.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where(col, 'in', value);
    else query = query.where(col, '=', value);
  }
  if (options.since) query = query.where('updatedAt', '>', options.since);
  if (options.orderBy) query = query.orderBy(options.orderBy, options.desc ? 'desc' : 'asc');
  if (options.limit) query = query.limit(options.limit);
  return (await db.all(query)).map((row) => decode(spec, row));
}

/** Stored columns in a fixed order; an undefined field is left out (the column keeps its default). */
function columnsOf(row: Row): string[] {
  return Object.keys(row).filter((c) => row[c] !== undefined);
}

export async function insertRecord<E>(db: Db, spec: RecordSpec<E>, entity: E, companyId: number): Promise<void> {
  const extra: Row = (spec.hidden ?? ['companyId']).includes('companyId') ? { companyId } : {};
  const row = encode(spec, entity, extra);
  const columns = columnsOf(row);
  const insert = prepared(
    `insert ${spec.table} ${columns.join(',')}`,
    (q, ...values) =>
      loose(q)
        .insertInto(spec.table)
        .values(Object.fromEntries(columns.map((c, i) => [c, values[i]]))),
    columns.length,
  );
  await insert.run(db, ...columns.map((c) => row[c]));
}

export async function updateRecord<E>(db: Db, spec: RecordSpec<E>, entity: E): Promise<void> {
  const row = encode(spec, entity);
  const id = row[spec.key];
  delete row[spec.key];
  const columns = columnsOf(row);
  const update = prepared(
    `update ${spec.table} ${columns.join(',')}`,
    (q, key, ...values) =>
      loose(q)
        .updateTable(spec.table)
        .set(Object.fromEntries(columns.map((c, i) => [c, values[i]])))
        .where(keyOf(spec), '=', key as string),
    columns.length + 1,
  );
  await update.run(db, id, ...columns.map((c) => row[c]));
}

export async function deleteRecord<E>(db: Db, spec: RecordSpec<E>, id: string | number): Promise<void> {
  await db.run(loose(db.q).deleteFrom(spec.table).where(keyOf(spec), '=', id));
}

export async function deleteWhere(db: Db, table: string, col: string, value: string | number): Promise<void> {
  await db.run(loose(db.q).deleteFrom(table).where(col, '=', value));
}
