// Issue 27, group a. Gates: a gate may name its own line (`dialerLine`), the number the dialer calls from
// for those the gate admits without a listed phone of their own (lib/domain/gateRules.ts); an open request
// records how the caller was admitted (`via`) and when the dialer was called (`dialedAt`), because the
// dial now happens after the request's transaction commits (status queued → dialing → dialed | failed).
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema.alterTable('gates').addColumn('dialerLine', 'text').execute();
  await db.schema.alterTable('gate_openings').addColumn('via', 'text').execute();
  await db.schema.alterTable('gate_openings').addColumn('dialedAt', types.instant).execute();
  // A user's push subscriptions (how many they hold, which is the oldest).
  await db.schema.createIndex('push_subscriptions_owner').on('push_subscriptions').columns(['companyId', 'userId', 'createdAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('push_subscriptions_owner').execute();
  await db.schema.alterTable('gate_openings').dropColumn('dialedAt').execute();
  await db.schema.alterTable('gate_openings').dropColumn('via').execute();
  await db.schema.alterTable('gates').dropColumn('dialerLine').execute();
}
