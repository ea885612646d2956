// Issue 31, residents' voice. A building may refuse room bookings to apartments whose debt is past due
// (spec 8 "there is a debt"): a billing setting, off for every building until its managers turn it on.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .alterTable('billing_settings')
    .addColumn('refuseRoomsWithDebt', types.bool, (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billing_settings').dropColumn('refuseRoomsWithDebt').execute();
}
