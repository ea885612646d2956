// Issue 30, a renewal whose answer was lost must not sign the worker out. The server spends a renewal
// secret and answers the next one; when that answer never arrives (no signal, a timeout) the device
// presents the spent secret again. To tell that from a copied secret, a spent secret remembers:
// - `replacedBy`: the secret its renewal answered (unused while the answer is lost);
// - `sessionHash`: the session its renewal answered (never used while the answer is lost).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('renewal_secrets').addColumn('replacedBy', 'text').execute();
  await db.schema.alterTable('renewal_secrets').addColumn('sessionHash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('renewal_secrets').dropColumn('sessionHash').execute();
  await db.schema.alterTable('renewal_secrets').dropColumn('replacedBy').execute();
}
