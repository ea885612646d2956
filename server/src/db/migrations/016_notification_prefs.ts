// Notification preferences (issue 17): per user, which channels and which topics of messages reach
// them; and the topic of each message (a general announcement, payments, service calls), which the
// send job matches against them. Messages sent before this migration were general announcements.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('userId', 'integer', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('preferences', types.json, (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('messages').addColumn('topic', 'text', (c) => c.notNull().defaultTo('announcements')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('topic').execute();
  await db.schema.dropTable('notification_preferences').execute();
}
