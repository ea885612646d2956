// Rows of stored files; their bytes are in the file store (files/fileStore.ts), by company and SHA-256.
import type { Db } from '../db/database.ts';
import type { FileTable } from '../db/schema.ts';

export type FileRow = FileTable;
export type FileView = Pick<FileTable, 'id' | 'sha256' | 'mimeType' | 'size' | 'parentType' | 'parentId' | 'srcFileName'>;

const viewColumns = ['id', 'sha256', 'mimeType', 'size', 'parentType', 'parentId', 'srcFileName'] as const;

export const files = {
  byId: (db: Db, id: string): Promise<FileRow | undefined> => db.first(db.q.selectFrom('files').selectAll().where('id', '=', id)),
  /** The company's file with these bytes, if it has one. */
  bySha: (db: Db, companyId: number, sha256: string): Promise<FileView | undefined> =>
    db.first(db.q.selectFrom('files').select(viewColumns).where('companyId', '=', companyId).where('sha256', '=', sha256)),
  exists: async (db: Db, id: string): Promise<boolean> => (await db.first(db.q.selectFrom('files').select('id').where('id', '=', id))) !== undefined,
  insert: (db: Db, row: FileRow) => db.run(db.q.insertInto('files').values(row)),
  /** Files attached to a service call or to any of its updates, oldest first. */
  ofServiceCall: (db: Db, companyId: number, callId: string, updateIds: readonly string[]) =>
    db.all(
      db.q
        .selectFrom('files')
        .select(['id', 'sha256', 'mimeType', 'size', 'parentType', 'parentId', 'createdAt'])
        .where('companyId', '=', companyId)
        .where((eb) =>
          eb.or([
            eb.and([eb('parentType', '=', 'serviceCalls'), eb('parentId', '=', callId)]),
            ...(updateIds.length > 0 ? [eb.and([eb('parentType', '=', 'serviceCallUpdates'), eb('parentId', 'in', updateIds)])] : []),
          ]),
        )
        .orderBy('createdAt'),
    ),
};

/** Photos of a building's service calls and of their updates, newest first (the gallery). */
export async function serviceCallPhotosOfBuilding(db: Db, companyId: number, buildingId: number, limit: number) {
  const ofCalls = await db.all(
    db.q
      .selectFrom('files')
      .innerJoin('service_calls', 'service_calls.id', 'files.parentId')
      .select(['files.id', 'files.mimeType', 'files.createdAt', 'service_calls.description as title'])
      .where('files.companyId', '=', companyId)
      .where('files.parentType', '=', 'serviceCalls')
      .where('service_calls.buildingId', '=', buildingId)
      .orderBy('files.createdAt', 'desc')
      .limit(limit),
  );
  const ofUpdates = await db.all(
    db.q
      .selectFrom('files')
      .innerJoin('service_call_updates', 'service_call_updates.id', 'files.parentId')
      .innerJoin('service_calls', 'service_calls.id', 'service_call_updates.serviceCallId')
      .select(['files.id', 'files.mimeType', 'files.createdAt', 'service_calls.description as title'])
      .where('files.companyId', '=', companyId)
      .where('files.parentType', '=', 'serviceCallUpdates')
      .where('service_calls.buildingId', '=', buildingId)
      .orderBy('files.createdAt', 'desc')
      .limit(limit),
  );
  return [...ofCalls, ...ofUpdates];
}
