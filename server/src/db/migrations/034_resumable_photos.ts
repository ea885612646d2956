// Issue 30, photos on a weak signal: a photo's bytes arrive in parts (a tus-compatible subset,
// routes/resumableUploads.ts), so a transfer cut halfway continues from the last part the server kept.
// An upload belongs to the user who created it, for one parent record; `uploadKey` is the device's
// key for the photo (its outbox entry), so asking to create it again finds the same upload.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('resumable_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('uploadKey', 'text', (c) => c.notNull())
    .addColumn('parentType', 'text', (c) => c.notNull())
    .addColumn('parentId', 'text', (c) => c.notNull())
    .addColumn('fileId', 'text')
    .addColumn('srcFileName', 'text')
    .addColumn('length', 'integer', (c) => c.notNull())
    .addColumn('received', 'integer', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('expiresAt', types.instant, (c) => c.notNull())
    .addColumn('finishedAt', types.instant)
    .addUniqueConstraint('resumable_uploads_key', ['companyId', 'userId', 'uploadKey'])
    .execute();
  await db.schema.createIndex('resumable_uploads_expiry').on('resumable_uploads').column('expiresAt').execute();
  await db.schema
    .createTable('resumable_upload_parts')
    .addColumn('uploadId', 'text', (c) => c.notNull())
    .addColumn('start', 'integer', (c) => c.notNull())
    .addColumn('data', types.blob, (c) => c.notNull())
    .addPrimaryKeyConstraint('resumable_upload_parts_pk', ['uploadId', 'start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resumable_upload_parts').execute();
  await db.schema.dropTable('resumable_uploads').execute();
}
