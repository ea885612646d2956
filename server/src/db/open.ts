// Opens the database a location names: a postgres:// (or postgresql://) URL → PostgreSQL, anything else
// → an SQLite file at that path.
import type { Database } from './database.ts';
import { isPostgresUrl } from './database.ts';
import { openPostgres } from './postgres.ts';
import { openSqlite } from './sqlite.ts';

export function openDatabase(location: string): Database {
  return isPostgresUrl(location) ? openPostgres(location) : openSqlite(location);
}
