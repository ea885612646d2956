import { Migrator } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as m001 from './migrations/001_init.ts';
import * as m002 from './migrations/002_lookup_indexes.ts';
import * as m003 from './migrations/003_session_cookie.ts';
import * as m004 from './migrations/004_feedback.ts';
import * as m005 from './migrations/005_sign_in_limits.ts';
import * as m006 from './migrations/006_uploads_deposit.ts';
import * as m007 from './migrations/007_idempotency_user.ts';

// Static list: bundlers and tsx need no directory scan, and the order is explicit.
const migrations: Record<string, Migration> = {
  '001_init': m001,
  '002_lookup_indexes': m002,
  '003_session_cookie': m003,
  '004_feedback': m004,
  '005_sign_in_limits': m005,
  '006_uploads_deposit': m006,
  '007_idempotency_user': m007,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.q, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
