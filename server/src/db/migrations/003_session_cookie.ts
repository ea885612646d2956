// The HttpOnly session cookie carries its own random id, never the token; only its hash is stored.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('cookieHash', 'text').execute();
  await db.schema.createIndex('sessions_cookie_hash').unique().on('sessions').column('cookieHash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_cookie_hash').execute();
  await db.schema.alterTable('sessions').dropColumn('cookieHash').execute();
}
