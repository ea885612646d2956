// Notification preferences (issue 17): per user, which channels and which topics of messages reach
// them; and the topic of each message (a general announcement, payments, service calls), which the
// send job matches against them. Messages sent before this migration were general announcements.
// Also the recipient's drawn signature of a key or mail item handed over (a file), when one was taken.
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
  await db.schema
    .alterTable('messages')
    .addColumn('topic', 'text', (c) => c.notNull().defaultTo('announcements'))
    .execute();
  for (const table of ['key_items', 'mail_items']) await db.schema.alterTable(table).addColumn('signatureFileId', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['key_items', 'mail_items']) await db.schema.alterTable(table).dropColumn('signatureFileId').execute();
  await db.schema.alterTable('messages').dropColumn('topic').execute();
  await db.schema.dropTable('notification_preferences').execute();
}
