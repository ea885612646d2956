// Threads (issue 31 item 2): a tenant writes to the committee or the management company of their
// building, the addressee answers. A read mark per thread and user (on the server, so two devices of one
// person agree on what is unread). A reply's notice to the tenant is a message on no board
// (messages.threadId), delivered by the send job after the commit like a call's status notice.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('threads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('apartmentId', 'text', (c) => c.notNull())
    .addColumn('authorUserId', 'integer', (c) => c.notNull())
    .addColumn('authorContactId', 'text', (c) => c.notNull())
    .addColumn('authorName', 'text', (c) => c.notNull())
    .addColumn('addressee', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('lastMessageAt', types.instant, (c) => c.notNull())
    .execute();
  // The daily limit counts a tenant's threads of a day; the tenant's list reads their own.
  await db.schema.createIndex('threads_author').on('threads').columns(['authorUserId', 'createdAt']).execute();
  await db.schema.createIndex('threads_inbox').on('threads').columns(['companyId', 'addressee', 'buildingId', 'lastMessageAt']).execute();
  await db.schema
    .createTable('thread_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('threadId', 'text', (c) => c.notNull())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('authorUserId', 'integer', (c) => c.notNull())
    .addColumn('authorName', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('thread_messages_thread').on('thread_messages').columns(['threadId', 'createdAt']).execute();
  await db.schema
    .createTable('thread_reads')
    .addColumn('threadId', 'text', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('readAt', types.instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('thread_reads_pk', ['threadId', 'userId'])
    .execute();
  await db.schema.alterTable('messages').addColumn('threadId', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('threadId').execute();
  await db.schema.dropTable('thread_reads').execute();
  await db.schema.dropTable('thread_messages').execute();
  await db.schema.dropTable('threads').execute();
}
