// Issue 31 item 1, tenants report faults. A call may name the apartment it is about (a tenant's own) or
// be about a common area of the building, and who reported it from the tenant app; an update may be
// shown to the reporter (staff choose) or be the reporter's own comment. Tenants who join a common-area
// call someone else reported follow it (notifications). A notification of a call's status is a message
// to its reporter and followers only, never on the building's board or in the senders' list.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema.alterTable('service_calls').addColumn('apartmentId', 'text').execute();
  await db.schema
    .alterTable('service_calls')
    .addColumn('commonArea', types.bool, (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('service_calls').addColumn('reporterUserId', 'integer').execute();
  // The daily limit counts a tenant's reports of a day; the tenant's list reads an apartment's calls.
  await db.schema.createIndex('service_calls_reporter_user').on('service_calls').columns(['reporterUserId', 'openedAt']).execute();
  await db.schema.createIndex('service_calls_apartment').on('service_calls').columns(['apartmentId']).execute();
  await db.schema
    .alterTable('service_call_updates')
    .addColumn('visibleToReporter', types.bool, (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('service_call_updates')
    .addColumn('fromReporter', types.bool, (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('service_call_updates').addColumn('authorUserId', 'integer').execute();
  await db.schema
    .createTable('service_call_followers')
    .addColumn('serviceCallId', 'text', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('contactId', 'text')
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('service_call_followers_pk', ['serviceCallId', 'userId'])
    .execute();
  await db.schema.createIndex('service_call_followers_user').on('service_call_followers').columns(['userId']).execute();
  await db.schema.alterTable('messages').addColumn('serviceCallId', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('serviceCallId').execute();
  await db.schema.dropTable('service_call_followers').execute();
  await db.schema.alterTable('service_call_updates').dropColumn('authorUserId').execute();
  await db.schema.alterTable('service_call_updates').dropColumn('fromReporter').execute();
  await db.schema.alterTable('service_call_updates').dropColumn('visibleToReporter').execute();
  await db.schema.dropIndex('service_calls_apartment').execute();
  await db.schema.dropIndex('service_calls_reporter_user').execute();
  await db.schema.alterTable('service_calls').dropColumn('reporterUserId').execute();
  await db.schema.alterTable('service_calls').dropColumn('commonArea').execute();
  await db.schema.alterTable('service_calls').dropColumn('apartmentId').execute();
}
