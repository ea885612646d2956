// Documents of a unit or a building (migration 013); the bytes are the file `fileId` (data/files.ts).
import type { Db } from '../db/database.ts';
import { asBoolean } from '../db/records.ts';

export type DocumentRecord = {
  id: string;
  buildingId: number;
  apartmentId: string | null;
  kind: string;
  title: string;
  isPublic: boolean;
  fileId: string;
  mimeType: string;
  size: number;
  fileName: string | null;
  createdBy: string;
  createdAt: string;
  /** A signed form's signer as the form names them (`createdBy` filed it); null for other documents. */
  signerName: string | null;
};

/** Which documents of a building a user sees: all of them, or their units' and the public ones. */
export type DocumentAudience = { all: true } | { all: false; apartmentIds: readonly string[] };

type Row = Omit<DocumentRecord, 'isPublic'> & { isPublic: unknown };

function recordOf(r: Row): DocumentRecord {
  return {
    id: r.id,
    buildingId: Number(r.buildingId),
    apartmentId: r.apartmentId,
    kind: r.kind,
    title: r.title,
    isPublic: asBoolean(r.isPublic),
    fileId: r.fileId,
    mimeType: r.mimeType,
    size: Number(r.size),
    fileName: r.fileName,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    signerName: r.signerName ?? null,
  };
}

export function audienceAllows(audience: DocumentAudience, doc: Pick<DocumentRecord, 'apartmentId' | 'isPublic'>): boolean {
  if (audience.all) return true;
  return doc.apartmentId === null ? doc.isPublic : audience.apartmentIds.includes(doc.apartmentId);
}

export const documents = {
  find: async (db: Db, id: string): Promise<(DocumentRecord & { companyId: number }) | undefined> => {
    const row = await db.first(db.q.selectFrom('documents').selectAll().where('id', '=', id));
    return row ? { ...recordOf(row), companyId: row.companyId } : undefined;
  },
  exists: async (db: Db, id: string): Promise<boolean> => (await db.first(db.q.selectFrom('documents').select('id').where('id', '=', id))) !== undefined,
  insert: (db: Db, record: DocumentRecord, companyId: number) => db.run(db.q.insertInto('documents').values({ ...record, companyId })),
  /** A building's documents the audience sees, newest first. */
  ofBuilding: async (db: Db, companyId: number, buildingId: number, audience: DocumentAudience): Promise<DocumentRecord[]> => {
    let q = db.q.selectFrom('documents').selectAll().where('companyId', '=', companyId).where('buildingId', '=', buildingId);
    if (!audience.all) {
      const units = [...audience.apartmentIds];
      q = q.where((eb) =>
        eb.or([eb.and([eb('apartmentId', 'is', null), eb('isPublic', '=', true)]), ...(units.length > 0 ? [eb('apartmentId', 'in', units)] : [])]),
      );
    }
    return (await db.all(q.orderBy('createdAt', 'desc').orderBy('id'))).map(recordOf);
  },
  /** Records an e-mail of a document before it goes out (in the request's transaction): `queued`. */
  queueSend: (db: Db, row: { id: string; companyId: number; documentId: string; toAddress: string; sentBy: string; sentAt: string }) =>
    db.run(db.q.insertInto('document_sends').values({ ...row, state: 'queued' })),
  /** Takes a queued send for sending; true for exactly one caller, however many processes ask. */
  claimSend: async (db: Db, id: string): Promise<boolean> =>
    (await db.run(db.q.updateTable('document_sends').set({ state: 'sending' }).where('id', '=', id).where('state', '=', 'queued'))).changes === 1,
  markSent: (db: Db, id: string) => db.run(db.q.updateTable('document_sends').set({ state: 'sent' }).where('id', '=', id)),
  /** A send the mail server refused: forgotten, so the same request may try again. */
  forgetSend: (db: Db, id: string) => db.run(db.q.deleteFrom('document_sends').where('id', '=', id)),
  sendExists: async (db: Db, id: string): Promise<boolean> => (await db.first(db.q.selectFrom('document_sends').select('id').where('id', '=', id))) !== undefined,
};
