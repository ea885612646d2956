// Sign-in sends and accounts (issue 27, items 2, 3, 13, 14). A one-time code is a challenge to a phone or
// an account, not only to an existing user: a tenant's registration is created when the code proves the
// phone (so the challenge names the link and the contact, and no user yet), and a phone sign-in stores a
// challenge whether or not the phone has an account (the answer must not tell). Repeated starts find the
// live challenge by its `subject` and answer it again instead of sending another code. Challenges live
// for minutes, so the table is rebuilt rather than altered (SQLite cannot relax a NOT NULL column).
// An approved data deletion disables the account (`users.disabledAt`): no sign-in of any kind after it.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

async function createChallenges(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('otp_challenges')
    .addColumn('otpGuid', 'text', (c) => c.primaryKey())
    // 'account' (password sign-in), 'phone' (a tenant's phone sign-in), 'register' (a registration link).
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userId', 'integer')
    // The account name the sign-in's failure limits count under.
    .addColumn('userName', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('contactId', 'text')
    .addColumn('linkCode', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('codeHash', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('target2', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sendCount', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('lastSentAt', types.instant, (c) => c.notNull())
    .addColumn('expiresAt', types.instant, (c) => c.notNull())
    .addColumn('consumedAt', types.instant)
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('otp_challenges_expires').on('otp_challenges').column('expiresAt').execute();
  await db.schema.createIndex('otp_challenges_subject').on('otp_challenges').columns(['subject', 'method']).execute();
}

export async function up(db: Kysely<unknown>, env: MigrationEnv): Promise<void> {
  await db.schema.dropTable('otp_challenges').execute();
  await createChallenges(db, env);
  await db.schema.alterTable('users').addColumn('disabledAt', env.types.instant).execute();
}

export async function down(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema.alterTable('users').dropColumn('disabledAt').execute();
  await db.schema.dropTable('otp_challenges').execute();
  await db.schema
    .createTable('otp_challenges')
    .addColumn('otpGuid', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('userName', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('codeHash', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('target2', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sendCount', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('lastSentAt', types.instant, (c) => c.notNull())
    .addColumn('expiresAt', types.instant, (c) => c.notNull())
    .addColumn('consumedAt', types.instant)
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('otp_challenges_expires').on('otp_challenges').column('expiresAt').execute();
}
