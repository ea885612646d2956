// A migration's test seeds an older schema (the demo as it was, then the migration under test runs over
// it): the seed leaves out what later migrations add, and those migrations fill it in when they run.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Whether migration `name` (db/migrate.ts) has run on this database. */
export async function migrationApplied(tx: Db, name: string): Promise<boolean> {
  const row = await tx.first({ compile: () => sql<{ name: string }>`SELECT name FROM kysely_migration WHERE name = ${name}`.compile(tx.q) });
  return row !== undefined;
}
