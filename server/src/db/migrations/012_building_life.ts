// Building life (issue 16): rooms and their bookings, building events, gates and their open requests,
// messages with one delivery row per recipient × channel, and push subscriptions.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('rooms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('opensAt', 'text', (c) => c.notNull())
    .addColumn('closesAt', 'text', (c) => c.notNull())
    .addColumn('slotMinutes', 'integer', (c) => c.notNull())
    .addColumn('bufferMinutes', 'integer', (c) => c.notNull())
    .addColumn('maxDaysAhead', 'integer', (c) => c.notNull())
    .addColumn('maxFutureBookingsPerApartment', 'integer', (c) => c.notNull())
    .addColumn('feeAgorot', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rooms_building').on('rooms').column('buildingId').execute();

  // start/end are the building's wall clock 'yyyy-mm-ddTHH:MM' (text sorts in time order).
  await db.schema
    .createTable('room_bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('roomId', 'text', (c) => c.notNull())
    .addColumn('apartmentId', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('end', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('paid', types.bool, (c) => c.notNull())
    .addColumn('bookedBy', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('cancelledAt', types.instant)
    .addColumn('cancelledBy', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('room_bookings_room_start').on('room_bookings').columns(['roomId', 'start']).execute();

  await db.schema
    .createTable('building_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('end', 'text', (c) => c.notNull())
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('building_events_building_start').on('building_events').columns(['buildingId', 'start']).execute();

  await db.schema
    .createTable('gates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('gatePhone', 'text', (c) => c.notNull())
    .addColumn('dialingPhones', types.json, (c) => c.notNull())
    .addColumn('isPublic', types.bool, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gates_building').on('gates').column('buildingId').execute();

  await db.schema
    .createTable('gate_openings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('gateId', 'text', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('dialedFrom', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('requestedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gate_openings_gate').on('gate_openings').columns(['gateId', 'requestedAt']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('imageId', 'text')
    .addColumn('owners', types.bool, (c) => c.notNull())
    .addColumn('renters', types.bool, (c) => c.notNull())
    .addColumn('channels', types.json, (c) => c.notNull())
    .addColumn('pinned', types.bool, (c) => c.notNull())
    .addColumn('sentBy', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_building_created').on('messages').columns(['buildingId', 'createdAt']).execute();

  // One row per recipient × channel: the send job claims a row (queued → sending) before sending it, so
  // no row is sent twice, across retries, processes and restarts.
  await db.schema
    .createTable('message_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('messageId', 'text', (c) => c.notNull())
    .addColumn('contactId', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('nextAttemptAt', types.instant, (c) => c.notNull())
    .addColumn('sentAt', types.instant)
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_deliveries_due').on('message_deliveries').columns(['state', 'nextAttemptAt']).execute();
  await db.schema.createIndex('message_deliveries_message').on('message_deliveries').column('messageId').execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('userId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['push_subscriptions', 'message_deliveries', 'messages', 'gate_openings', 'gates', 'building_events', 'room_bookings', 'rooms'])
    await db.schema.dropTable(table).execute();
}
