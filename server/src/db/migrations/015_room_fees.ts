// Building life, second part (issue 16): a booking keeps the fee it was charged (the room's fee may
// change later) and a tenant's request that the management company cancel it on the day; a building
// event records when its reminder was queued, so it is queued once.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .alterTable('room_bookings')
    .addColumn('feeAgorot', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('room_bookings').addColumn('cancelRequestedAt', types.instant).execute();
  await db.schema.alterTable('room_bookings').addColumn('cancelRequestedBy', 'text').execute();
  await db.schema.alterTable('building_events').addColumn('remindedAt', types.instant).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('building_events').dropColumn('remindedAt').execute();
  for (const column of ['cancelRequestedBy', 'cancelRequestedAt', 'feeAgorot']) await db.schema.alterTable('room_bookings').dropColumn(column).execute();
}
