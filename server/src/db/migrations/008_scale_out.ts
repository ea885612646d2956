// Several server processes on one database (issue 12): counters and job leases live in the database,
// file bytes move out of the rows into the file store (files/fileStore.ts), and on PostgreSQL ended
// sessions and changed users are announced to every process (their session caches listen).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { CHANGE_CHANNEL } from '../changes.ts';
import type { MigrationEnv } from './env.ts';

type FileRow = { id: string; companyId: number; sha256: string; data: Buffer };
const BATCH = 100;

export async function up(db: Kysely<unknown>, { types, files }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  // One row per scheduled job: a process runs the job only when it moves `lastStartedAt` past the interval.
  await db.schema
    .createTable('jobs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('lastStartedAt', types.instant, (c) => c.notNull())
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const rows = db as unknown as Kysely<{ files: FileRow }>;
  for (let after = ''; ;) {
    const batch = await rows.selectFrom('files').select(['id', 'companyId', 'sha256', 'data']).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    for (const f of batch) await files.put(f.companyId, f.sha256, Buffer.from(f.data));
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) break;
    after = last.id;
  }
  await db.schema.alterTable('files').dropColumn('data').execute();

  if (types.engine === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION binyan_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN PERFORM pg_notify('${CHANGE_CHANNEL}', TG_TABLE_NAME); RETURN NULL; END $$`,
      )
      .execute(db);
    // Ended sessions (logout, revoked chain, purge, an admin's DELETE) and shortened ones; a session
    // that slides its expiry forward on use announces nothing.
    await sql.raw('CREATE TRIGGER sessions_ended AFTER DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION binyan_auth_changed()').execute(db);
    await sql
      .raw(
        'CREATE TRIGGER sessions_shortened AFTER UPDATE ON sessions FOR EACH ROW WHEN (NEW."expiresAt" < OLD."expiresAt") EXECUTE FUNCTION binyan_auth_changed()',
      )
      .execute(db);
    await sql
      .raw('CREATE TRIGGER users_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION binyan_auth_changed()')
      .execute(db);
  }
}
