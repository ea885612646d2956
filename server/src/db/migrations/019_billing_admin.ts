// Billing settings and legal holds managed by staff (issue 14): a building's settings carry a version so
// two managers editing at once do not overwrite each other silently; a hold records who set it. Rows
// made before this migration start at version 1 and have no recorded author.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('billing_settings')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('apartment_holds').addColumn('createdBy', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('apartment_holds').dropColumn('createdBy').execute();
  await db.schema.alterTable('billing_settings').dropColumn('version').execute();
}
