// Issue 27, reading what is not yours and trust in what is recorded:
// - `file_links`: every record a stored file belongs to. Uploads are kept once per company and content,
//   so one file may belong to several records; a file is read through any of them (files/fileAccess.ts).
//   Filled here from each file's own parent and from the records that name a file.
// - `server_secrets`: what the server keeps for itself (the Web Push private key), moved out of
//   `settings`, whose public names any signed-in user may read (GetGlobalAPI).
// - `document_sends.state`: an e-mailed document is recorded before it is sent (queued → sending →
//   sent), so a repeat never sends it twice.
// - `documents.signerName`: who signed a signed form as the form names them (a staff user may sign on
//   someone's behalf; `createdBy` is the user who filed it).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

/** The records that name a file in a column of their own: [parent type, table, id column, file column]. */
const references: readonly (readonly [string, string, string, string])[] = [
  ['documents', 'documents', 'id', 'fileId'],
  ['meterReadings', 'meter_readings', 'id', 'photoId'],
  ['checks', 'checks', 'CheckGuid', 'FrontImageId'],
  ['checks', 'checks', 'CheckGuid', 'BackImageId'],
  ['expenses', 'expenses', 'id', 'attachmentId'],
  ['bids', 'bids', 'id', 'attachmentId'],
  ['messages', 'messages', 'id', 'imageId'],
  ['keys', 'key_items', 'id', 'signatureFileId'],
  ['mail-items', 'mail_items', 'id', 'signatureFileId'],
];

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('file_links')
    .addColumn('fileId', 'text', (c) => c.notNull())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('parentType', 'text', (c) => c.notNull())
    .addColumn('parentId', 'text', (c) => c.notNull())
    .addColumn('linkedBy', 'integer')
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('file_links_pk', ['fileId', 'parentType', 'parentId'])
    .execute();
  await db.schema.createIndex('file_links_parent').on('file_links').columns(['parentType', 'parentId']).execute();

  // Each file's own parent (the seed's unattached demo photos have none: the records naming them do).
  await sql`INSERT INTO file_links ("fileId", "companyId", "parentType", "parentId", "linkedBy", "createdAt")
    SELECT "id", "companyId", "parentType", "parentId", NULL, "createdAt" FROM files
    WHERE "parentType" IS NOT NULL AND "parentId" IS NOT NULL AND "parentType" <> 'seed'
    ON CONFLICT DO NOTHING`.execute(db);
  for (const [parentType, table, idColumn, fileColumn] of references) {
    await sql`INSERT INTO file_links ("fileId", "companyId", "parentType", "parentId", "linkedBy", "createdAt")
      SELECT f."id", f."companyId", ${parentType}, CAST(r.${sql.ref(idColumn)} AS text), NULL, f."createdAt"
      FROM ${sql.table(table)} r INNER JOIN files f ON f."id" = r.${sql.ref(fileColumn)} AND f."companyId" = r."companyId"
      WHERE r.${sql.ref(fileColumn)} IS NOT NULL
      ON CONFLICT DO NOTHING`.execute(db);
  }
  // A building's logo is a file id of the company (or a path on the site, which names no file).
  await sql`INSERT INTO file_links ("fileId", "companyId", "parentType", "parentId", "linkedBy", "createdAt")
    SELECT f."id", f."companyId", 'buildings', CAST(b."id" AS text), NULL, f."createdAt"
    FROM buildings b INNER JOIN files f ON f."id" = b."logoUrl" AND f."companyId" = b."companyId"
    WHERE b."logoUrl" IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO server_secrets ("name", "value") SELECT "name", "value" FROM settings WHERE "name" = 'vapid_keys'`.execute(db);
  await sql`DELETE FROM settings WHERE "name" = 'vapid_keys'`.execute(db);

  await db.schema
    .alterTable('document_sends')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('sent'))
    .execute();
  await db.schema.alterTable('documents').addColumn('signerName', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('signerName').execute();
  await db.schema.alterTable('document_sends').dropColumn('state').execute();
  await sql`INSERT INTO settings ("name", "value") SELECT "name", "value" FROM server_secrets WHERE "name" = 'vapid_keys'`.execute(db);
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.dropTable('file_links').execute();
}
