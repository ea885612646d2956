// Documents and people (issue 17): documents of a unit or building (their bytes in the file store),
// the e-mails they were sent by, prospective customers' "contact us" details, profile change and data
// deletion requests, which version of the terms of use each user approved, and the front desk's
// visitors log.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('apartmentId', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('isPublic', types.bool, (c) => c.notNull())
    .addColumn('fileId', 'text', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('fileName', 'text')
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_building').on('documents').columns(['buildingId', 'kind', 'createdAt']).execute();

  await db.schema
    .createTable('document_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('documentId', 'text', (c) => c.notNull())
    .addColumn('toAddress', 'text', (c) => c.notNull())
    .addColumn('sentBy', 'text', (c) => c.notNull())
    .addColumn('sentAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_sends_document').on('document_sends').column('documentId').execute();

  await db.schema
    .createTable('leads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('fullName', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('building', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('calledBackAt', types.instant)
    .addColumn('calledBackBy', 'text')
    .execute();
  await db.schema.createIndex('leads_company').on('leads').columns(['companyId', 'createdAt']).execute();

  await db.schema
    .createTable('profile_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('userName', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('changes', types.json, (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('decidedAt', types.instant)
    .addColumn('decidedBy', 'text')
    .execute();
  await db.schema.createIndex('profile_requests_company').on('profile_requests').columns(['companyId', 'state', 'createdAt']).execute();

  await db.schema
    .createTable('terms_approvals')
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('approvedAt', types.instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('terms_approvals_pk', ['userId', 'version'])
    .execute();

  await db.schema
    .createTable('visitors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('apartment', 'text', (c) => c.notNull())
    .addColumn('arrivedAt', types.instant, (c) => c.notNull())
    .addColumn('leftAt', types.instant)
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('visitors_building').on('visitors').columns(['buildingId', 'arrivedAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['visitors', 'terms_approvals', 'profile_requests', 'leads', 'document_sends', 'documents']) await db.schema.dropTable(table).execute();
}
