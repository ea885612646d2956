// The records a stored file belongs to (migration 025). Files are kept once per company and content, so
// a second upload of the same bytes for another record links the one file to that record too; a file is
// read through any record it belongs to (http/fileAccess.ts).
import type { Db } from '../db/database.ts';
import type { FileLinkTable } from '../db/schema.ts';

export type FileLink = FileLinkTable;
export type FileParent = Pick<FileLink, 'parentType' | 'parentId'>;

export const fileLinks = {
  /** Links the file to its record (a link that exists stays as it was). */
  add: (db: Db, link: FileLink) =>
    db.run(db.q.insertInto('file_links').values(link).onConflict((oc) => oc.columns(['fileId', 'parentType', 'parentId']).doNothing())),
  /** The records the file belongs to, the first linked first. */
  ofFile: (db: Db, fileId: string): Promise<FileLink[]> =>
    db.all(db.q.selectFrom('file_links').selectAll().where('fileId', '=', fileId).orderBy('createdAt').orderBy('parentType').orderBy('parentId')),
  has: async (db: Db, fileId: string, parent: FileParent): Promise<boolean> =>
    (await db.first(
      db.q.selectFrom('file_links').select('fileId').where('fileId', '=', fileId).where('parentType', '=', parent.parentType).where('parentId', '=', parent.parentId),
    )) !== undefined,
};
