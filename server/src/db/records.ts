// Generic access to versioned domain records (tables whose columns are the entity's fields plus
// companyId). Entity ↔ row conversion: booleans as 0/1, arrays/objects as JSON text.
import type { Compilable, Kysely } from 'kysely';
import type { Db, Prepared } from './database.ts';
import { perDatabase } from './database.ts';

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

function loose(db: Db): Kysely<LooseDb> {
  return db.q as unknown as Kysely<LooseDb>;
}

const keyOf = <E>(spec: RecordSpec<E>): string => spec.key;

export function decode<E>(spec: RecordSpec<E>, row: Row): E {
  const out: Row = { ...row };
  for (const h of spec.hidden ?? ['companyId']) delete out[h];
  for (const b of spec.booleans ?? []) out[b] = row[b] === 1 || row[b] === true;
  for (const j of spec.json ?? []) out[j] = typeof row[j] === 'string' ? JSON.parse(row[j]) : row[j];
  return out as E;
}

export function encode<E>(spec: RecordSpec<E>, entity: E, extra: Row = {}): Row {
  const row: Row = { ...(entity as Row), ...spec.derived?.(entity), ...extra };
  for (const b of spec.booleans ?? []) row[b] = row[b] ? 1 : 0;
  for (const j of spec.json ?? []) row[j] = JSON.stringify(row[j] ?? null);
  return row;
}

// Compiled once per table (and per column list for inserts): these run on every mutation.
const preparedOf = perDatabase(() => new Map<string, Prepared<unknown[], Row>>());

function prepared(db: Db, shape: string, build: (...args: unknown[]) => Compilable<unknown>, arity: number): Prepared<unknown[], Row> {
  const cache = preparedOf(db);
  let query = cache.get(shape);
  if (!query) {
    query = db.prepare(build, arity) as Prepared<unknown[], Row>;
    cache.set(shape, query);
  }
  return query;
}

export function findOwned<E>(db: Db, spec: RecordSpec<E>, id: string | number): Owned<E> | undefined {
  const row = prepared(db, `find ${spec.table}`, (value) => loose(db).selectFrom(spec.table).selectAll().where(keyOf(spec), '=', value as string), 1).first(id);
  return row ? { entity: decode(spec, row), companyId: Number(row.companyId) } : undefined;
}

/** Column = value; an array means "one of" (an empty array matches nothing). */
export type Filter = Record<string, string | number | boolean | null | readonly (string | number)[]>;

export function list<E>(
  db: Db,
  spec: RecordSpec<E>,
  filter: Filter,
  options: { orderBy?: string; desc?: boolean; since?: string; limit?: number } = {},
): E[] {
  let query = loose(db).selectFrom(spec.table).selectAll();
  for (const [col, value] of Object.entries(filter)) {
    if (value === null) query = query.where(col, 'is', null);
    else if (Array.isArray(value)) query = value.length === 0 ? query.where((eb) => eb.val(1), '=', 0) : query.where(col, 'in', value);
    else query = query.where(col, '=', value);
  }
  if (options.since) query = query.where('updatedAt', '>', options.since);
  if (options.orderBy) query = query.orderBy(options.orderBy, options.desc ? 'desc' : 'asc');
  if (options.limit) query = query.limit(options.limit);
  return db.all(query).map((row) => decode(spec, row));
}

export function insertRecord<E>(db: Db, spec: RecordSpec<E>, entity: E, companyId: number): void {
  const extra: Row = (spec.hidden ?? ['companyId']).includes('companyId') ? { companyId } : {};
  const row = encode(spec, entity, extra);
  // Like Kysely's own insert: an undefined field is left out (the column keeps its default).
  const columns = Object.keys(row).filter((c) => row[c] !== undefined);
  const insert = prepared(
    db,
    `insert ${spec.table} ${columns.join(',')}`,
    (...values) => loose(db).insertInto(spec.table).values(Object.fromEntries(columns.map((c, i) => [c, values[i]]))),
    columns.length,
  );
  insert.run(...columns.map((c) => row[c]));
}

export function updateRecord<E>(db: Db, spec: RecordSpec<E>, entity: E): void {
  const row = encode(spec, entity);
  const id = row[spec.key];
  delete row[spec.key];
  db.run(loose(db).updateTable(spec.table).set(row).where(keyOf(spec), '=', id as string));
}

export function deleteRecord<E>(db: Db, spec: RecordSpec<E>, id: string | number): void {
  db.run(loose(db).deleteFrom(spec.table).where(keyOf(spec), '=', id));
}

export function deleteWhere(db: Db, table: string, col: string, value: string | number): void {
  db.run(loose(db).deleteFrom(table).where(col, '=', value));
}
