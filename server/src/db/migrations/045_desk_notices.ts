// The front desk reaches residents (issue 31 item 5). A "waiting at the desk" notice is a message to one
// apartment's people (messages.deskApartmentId: on no board, in no sender's list; the daily limit counts
// them). Tenants pre-approve visitors (visitor_passes, one row per visitor and day); the desk's log row
// of a let-in visitor names its pre-approval (visitors.passId).
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema.alterTable('messages').addColumn('deskApartmentId', 'text').execute();
  await db.schema.createIndex('messages_desk_apartment').on('messages').columns(['deskApartmentId', 'createdAt']).execute();
  await db.schema
    .createTable('visitor_passes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('apartmentId', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('visitDate', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('visitorId', 'text')
    .addColumn('arrivedAt', types.instant)
    .addColumn('createdByUserId', 'integer', (c) => c.notNull())
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  // The desk reads a building's day; the tenant and the daily limit read an apartment's days.
  await db.schema.createIndex('visitor_passes_building_day').on('visitor_passes').columns(['companyId', 'buildingId', 'visitDate']).execute();
  await db.schema.createIndex('visitor_passes_apartment_day').on('visitor_passes').columns(['apartmentId', 'visitDate']).execute();
  await db.schema.alterTable('visitors').addColumn('passId', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitors').dropColumn('passId').execute();
  await db.schema.dropTable('visitor_passes').execute();
  await db.schema.dropIndex('messages_desk_apartment').execute();
  await db.schema.alterTable('messages').dropColumn('deskApartmentId').execute();
}
