// Column types that differ between the engines, chosen once here so a migration is written once. SQLite
// keeps what it always had (0/1 integers, JSON text, ISO-8601 text, blobs); PostgreSQL gets its own
// types, and the layer reads them back as the same values (db/postgres.ts: instants as ISO strings,
// counts as numbers; db/records.ts: booleans and JSON).
import type { ColumnDataType, ColumnDefinitionBuilder } from 'kysely';
import type { Engine } from './database.ts';

export type ColumnTypes = {
  engine: Engine;
  /** true/false: integer 0/1 on SQLite, boolean on PostgreSQL. */
  bool: ColumnDataType;
  /** A JSON value: text on SQLite, jsonb on PostgreSQL. */
  json: ColumnDataType;
  /** A server-written instant (always `toISOString()`): text on SQLite, timestamptz on PostgreSQL. */
  instant: ColumnDataType;
  /** A decimal number (amounts, areas, readings): SQLite's real is 8 bytes, PostgreSQL's is 4. */
  real: ColumnDataType;
  /** Bytes (only until migration 008 moved files to the file store). */
  blob: ColumnDataType;
  /** An integer primary key the database numbers. */
  autoId: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
};

export function columnTypesFor(engine: Engine): ColumnTypes {
  if (engine === 'postgres') {
    return {
      engine,
      bool: 'boolean',
      json: 'jsonb',
      instant: 'timestamptz',
      real: 'double precision',
      blob: 'bytea',
      autoId: (c) => c.primaryKey().generatedByDefaultAsIdentity(),
    };
  }
  return { engine, bool: 'integer', json: 'text', instant: 'text', real: 'real', blob: 'blob', autoId: (c) => c.primaryKey().autoIncrement() };
}
