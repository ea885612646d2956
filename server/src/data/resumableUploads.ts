// Photos arriving in parts (routes/resumableUploads.ts): one row per upload, its bytes as parts in order.
import type { Db } from '../db/database.ts';
import type { ResumableUploadTable } from '../db/schema.ts';

export type ResumableUpload = ResumableUploadTable;

export const resumableUploads = {
  /** The user's upload of this key (the device's key for the photo), finished or not. */
  byKey: (db: Db, companyId: number, userId: number, uploadKey: string): Promise<ResumableUpload | undefined> =>
    db.first(db.q.selectFrom('resumable_uploads').selectAll().where('companyId', '=', companyId).where('userId', '=', userId).where('uploadKey', '=', uploadKey)),

  /** The upload only its owner may touch: another user's (or company's) reads as missing. */
  owned: (db: Db, id: string, companyId: number, userId: number): Promise<ResumableUpload | undefined> =>
    db.first(db.q.selectFrom('resumable_uploads').selectAll().where('id', '=', id).where('companyId', '=', companyId).where('userId', '=', userId)),

  create: (db: Db, row: ResumableUpload) => db.run(db.q.insertInto('resumable_uploads').values(row)),

  /**
   * Keeps a part at `start` when the upload has exactly `start` bytes so far: false when another request
   * got there first (the device then asks where to go on from).
   */
  async append(db: Db, upload: ResumableUpload, start: number, data: Buffer, expiresAt: string): Promise<boolean> {
    return db.tx(async (tx) => {
      const moved = await tx.run(
        tx.q
          .updateTable('resumable_uploads')
          .set({ received: start + data.length, expiresAt })
          .where('id', '=', upload.id)
          .where('received', '=', start)
          .where('finishedAt', 'is', null),
      );
      if (moved.changes !== 1) return false;
      await tx.run(tx.q.insertInto('resumable_upload_parts').values({ uploadId: upload.id, start, data }));
      return true;
    });
  },

  async bytes(db: Db, id: string): Promise<Buffer> {
    const parts = await db.all(db.q.selectFrom('resumable_upload_parts').select(['start', 'data']).where('uploadId', '=', id).orderBy('start'));
    return Buffer.concat(parts.map((p) => Buffer.from(p.data)));
  },

  /** Marks the upload finished and lets its parts go (the file store has the bytes now). */
  async finish(db: Db, id: string, finishedAt: string): Promise<void> {
    await db.run(db.q.updateTable('resumable_uploads').set({ finishedAt }).where('id', '=', id));
    await db.run(db.q.deleteFrom('resumable_upload_parts').where('uploadId', '=', id));
  },

  /** Uploads (finished or not) idle past their expiry, with their parts; returns how many went. */
  async purge(db: Db, nowIso: string): Promise<number> {
    return db.tx(async (tx) => {
      const gone = tx.q.selectFrom('resumable_uploads').select('id').where('expiresAt', '<', nowIso);
      await tx.run(tx.q.deleteFrom('resumable_upload_parts').where('uploadId', 'in', gone));
      return (await tx.run(tx.q.deleteFrom('resumable_uploads').where('expiresAt', '<', nowIso))).changes;
    });
  },
};
