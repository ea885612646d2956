// Rows of stored files; their bytes are in the file store (files/fileStore.ts), by company and SHA-256.
// Which records a file belongs to is in `file_links` (data/fileLinks.ts).
import type { Db } from '../db/database.ts';
import type { FileTable } from '../db/schema.ts';
import { fileLinks } from './fileLinks.ts';

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
  /** Files of a service call and of its updates (by their links, so a file kept once for several records counts for each), oldest first. */
  /** The photos of these thread messages (parentType threadMessages). */
  ofThreadMessages: (db: Db, companyId: number, messageIds: readonly string[]) =>
    messageIds.length === 0
      ? Promise.resolve([])
      : db.all(
          db.q
            .selectFrom('file_links')
            .innerJoin('files', 'files.id', 'file_links.fileId')
            .select(['files.id', 'files.mimeType', 'file_links.parentId', 'file_links.createdAt'])
            .where('file_links.companyId', '=', companyId)
            .where('file_links.parentType', '=', 'threadMessages')
            .where('file_links.parentId', 'in', [...messageIds])
            .orderBy('file_links.createdAt'),
        ),
  ofServiceCall: (db: Db, companyId: number, callId: string, updateIds: readonly string[]) =>
    db.all(
      db.q
        .selectFrom('file_links')
        .innerJoin('files', 'files.id', 'file_links.fileId')
        .select(['files.id', 'files.sha256', 'files.mimeType', 'files.size', 'file_links.parentType', 'file_links.parentId', 'file_links.createdAt'])
        .where('file_links.companyId', '=', companyId)
        .where((eb) =>
          eb.or([
            eb.and([eb('file_links.parentType', '=', 'serviceCalls'), eb('file_links.parentId', '=', callId)]),
            ...(updateIds.length > 0 ? [eb.and([eb('file_links.parentType', '=', 'serviceCallUpdates'), eb('file_links.parentId', 'in', updateIds)])] : []),
          ]),
        )
        .orderBy('file_links.createdAt')
        .orderBy('files.id'),
    ),
};

/**
 * Keeps the company's file of these bytes once: a new row, or the existing one (`deduplicated`); either
 * way the file is linked to the record it was stored for (`row.parentType`/`row.parentId`). The answer
 * describes the file as it was stored for that record, never another record's name or parent.
 */
export async function keepFile(db: Db, row: FileRow & { parentType: string; parentId: string }, linkedBy: number | null): Promise<{ view: FileView; deduplicated: boolean }> {
  const existing = await files.bySha(db, row.companyId, row.sha256);
  if (!existing) await files.insert(db, row);
  const id = existing?.id ?? row.id;
  await fileLinks.add(db, { fileId: id, companyId: row.companyId, parentType: row.parentType, parentId: row.parentId, linkedBy, createdAt: row.createdAt });
  return {
    view: { id, sha256: row.sha256, mimeType: existing?.mimeType ?? row.mimeType, size: existing?.size ?? row.size, parentType: row.parentType, parentId: row.parentId, srcFileName: row.srcFileName },
    deduplicated: existing !== undefined,
  };
}

/** Photos of a building's service calls and of their updates, newest first (the gallery). */
export async function serviceCallPhotosOfBuilding(db: Db, companyId: number, buildingId: number, limit: number) {
  const ofCalls = await db.all(
    db.q
      .selectFrom('file_links')
      .innerJoin('files', 'files.id', 'file_links.fileId')
      .innerJoin('service_calls', 'service_calls.id', 'file_links.parentId')
      .select(['files.id', 'files.mimeType', 'file_links.createdAt', 'service_calls.description as title'])
      .where('file_links.companyId', '=', companyId)
      .where('file_links.parentType', '=', 'serviceCalls')
      .where('service_calls.buildingId', '=', buildingId)
      .orderBy('file_links.createdAt', 'desc')
      .limit(limit),
  );
  const ofUpdates = await db.all(
    db.q
      .selectFrom('file_links')
      .innerJoin('files', 'files.id', 'file_links.fileId')
      .innerJoin('service_call_updates', 'service_call_updates.id', 'file_links.parentId')
      .innerJoin('service_calls', 'service_calls.id', 'service_call_updates.serviceCallId')
      .select(['files.id', 'files.mimeType', 'file_links.createdAt', 'service_calls.description as title'])
      .where('file_links.companyId', '=', companyId)
      .where('file_links.parentType', '=', 'serviceCallUpdates')
      .where('service_calls.buildingId', '=', buildingId)
      .orderBy('file_links.createdAt', 'desc')
      .limit(limit),
  );
  return [...ofCalls, ...ofUpdates];
}
