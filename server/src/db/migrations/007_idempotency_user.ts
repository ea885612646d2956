// Idempotency keys are scoped to the user who sent them, not only the company (a key from one user can
// never answer for another), and indexed by age for the purge job. SQLite cannot change a primary key
// in place: the table is rebuilt, keeping existing keys under user 0 (they still answer their repeats
// through the company scope of the old rows until they age out).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

type KeyRow = {
  companyId: number;
  userId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  status: number;
  body: string;
  createdAt: string;
};
type Tables = { idempotency_keys: Omit<KeyRow, 'userId'>; idempotency_keys_by_user: KeyRow };

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('idempotency_keys_by_user')
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('requestHash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_by_user_pk', ['companyId', 'userId', 'key'])
    .execute();
  const t = db as unknown as Kysely<Tables>;
  await t
    .insertInto('idempotency_keys_by_user')
    .columns(['companyId', 'userId', 'key', 'method', 'path', 'requestHash', 'status', 'body', 'createdAt'])
    .expression(
      t
        .selectFrom('idempotency_keys')
        .select(['companyId', sql<number>`0`.as('userId'), 'key', 'method', 'path', 'requestHash', 'status', 'body', 'createdAt']),
    )
    .execute();
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.alterTable('idempotency_keys_by_user').renameTo('idempotency_keys').execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('createdAt').execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expiresAt').execute();
  await db.schema.createIndex('app_logs_created').on('app_logs').column('createdAt').execute();
}
