// The demo's files belong to the records that show them (data/fileLinks.ts): each call's picture to its
// call, each document's PDF to its document, and the shared demo photos (meter faces, the check) to every
// reading and check that names one. A migration's test may seed an older schema: migration 025 then
// links the same files when it runs.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { migrationApplied } from './migrationApplied.ts';

const namedFiles: readonly (readonly [string, string, string, string])[] = [
  ['documents', 'documents', 'id', 'fileId'],
  ['meterReadings', 'meter_readings', 'id', 'photoId'],
  ['checks', 'checks', 'CheckGuid', 'FrontImageId'],
  ['checks', 'checks', 'CheckGuid', 'BackImageId'],
];

export async function linkSeededFiles(tx: Db): Promise<void> {
  if (!(await migrationApplied(tx, '025_security_d'))) return;
  await tx.run({
    compile: () =>
      sql`INSERT INTO file_links ("fileId", "companyId", "parentType", "parentId", "linkedBy", "createdAt")
        SELECT "id", "companyId", "parentType", "parentId", NULL, "createdAt" FROM files
        WHERE "parentType" IS NOT NULL AND "parentId" IS NOT NULL AND "parentType" <> 'seed'
        ON CONFLICT DO NOTHING`.compile(tx.q),
  });
  for (const [parentType, table, idColumn, fileColumn] of namedFiles) {
    await tx.run({
      compile: () =>
        sql`INSERT INTO file_links ("fileId", "companyId", "parentType", "parentId", "linkedBy", "createdAt")
          SELECT f."id", f."companyId", ${parentType}, CAST(r.${sql.ref(idColumn)} AS text), NULL, f."createdAt"
          FROM ${sql.table(table)} r INNER JOIN files f ON f."id" = r.${sql.ref(fileColumn)} AND f."companyId" = r."companyId"
          WHERE r.${sql.ref(fileColumn)} IS NOT NULL
          ON CONFLICT DO NOTHING`.compile(tx.q),
    });
  }
}
