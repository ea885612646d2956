// Sign-in abuse (issue 11 §3): failure counters shared by every server process on the database, and
// the device-bound renewal secrets that replace the stored password for the silent re-login.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  // One row per (scope, key), e.g. ('account', '1001:avi') or ('ip', '203.0.113.7').
  await db.schema
    .createTable('rate_limits')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('windowStart', types.instant, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('lockedUntil', types.instant)
    .addPrimaryKeyConstraint('rate_limits_pk', ['scope', 'key'])
    .execute();

  // Only hashes are stored; `chainId` groups the secrets that rotated from one sign-in.
  await db.schema
    .createTable('renewal_secrets')
    .addColumn('secretHash', 'text', (c) => c.primaryKey())
    .addColumn('chainId', 'text', (c) => c.notNull())
    .addColumn('deviceHash', 'text', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('expiresAt', types.instant, (c) => c.notNull())
    .addColumn('usedAt', types.instant)
    .addColumn('revokedAt', types.instant)
    .execute();
  await db.schema.createIndex('renewal_secrets_chain').on('renewal_secrets').column('chainId').execute();
  await db.schema.createIndex('renewal_secrets_expires').on('renewal_secrets').column('expiresAt').execute();

  // The chain a session came from, so logout and a detected reuse end its sessions too.
  await db.schema.alterTable('sessions').addColumn('renewalChain', 'text').execute();
  await db.schema.createIndex('sessions_renewal_chain').on('sessions').column('renewalChain').execute();
  await db.schema.createIndex('otp_challenges_expires').on('otp_challenges').column('expiresAt').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('otp_challenges_expires').execute();
  await db.schema.dropIndex('sessions_renewal_chain').execute();
  await db.schema.alterTable('sessions').dropColumn('renewalChain').execute();
  await db.schema.dropTable('renewal_secrets').execute();
  await db.schema.dropTable('rate_limits').execute();
}
