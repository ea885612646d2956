// Which records may receive files, and which files (spec 5: "only image files; jpg only for attachments
// in some places"). One table: a parent type not listed cannot receive files; only the books' records
// (an invoice, a quote) take PDFs. The parent must exist and be the caller's (loadOwned, which also applies record rights).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Resource } from '../db/records.ts';
import { bids, expenses } from '../data/books.ts';
import { checks } from '../data/checks.ts';
import { files } from '../data/files.ts';
import { messages } from '../data/messages.ts';
import { meterReadings } from '../data/meters.ts';
import { serviceCalls, serviceCallUpdates } from '../data/serviceCalls.ts';
import { loadOwned } from '../http/access.ts';
import { fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { mayDo } from '../http/rights.ts';
import type { ImageFormat } from './images.ts';

export type UploadParent = {
  formats: readonly ImageFormat[];
  /** Also takes a PDF (an invoice, a quote), stored as sent once it reads as one. */
  pdf?: boolean;
  /** Throws 404 for an unknown record, 403 for one the caller may not touch. */
  load(db: Db, req: FastifyRequest, id: string): Promise<void>;
};

const anyImage: readonly ImageFormat[] = ['jpeg', 'png', 'webp', 'gif', 'heif'];
const jpegOnly: readonly ImageFormat[] = ['jpeg'];

function parent<E>(records: Resource<E>, formats: readonly ImageFormat[], pdf = false): UploadParent {
  return {
    formats,
    pdf,
    load: async (db, req, id) => {
      await loadOwned(db, req, records, id);
    },
  };
}

/** parentType (the device's table name) → its record and the formats its files may have. */
export const uploadParents: Readonly<Record<string, UploadParent>> = {
  serviceCalls: parent(serviceCalls, anyImage),
  serviceCallUpdates: parent(serviceCallUpdates, anyImage),
  meterReadings: parent(meterReadings, anyImage),
  // The bank's images: served back as base64 JPEG (spec 7, check/image), so only JPEG comes in.
  checks: parent(checks, jpegOnly),
  // The committee's books: an invoice or a quote is a photo or the supplier's PDF.
  expenses: parent(expenses, anyImage, true),
  bids: parent(bids, anyImage, true),
  // A message's image comes before the message (it is sent with it): its parent is the id the message
  // will have, uploaded by someone who may send messages, and never added to a message already sent.
  messages: {
    formats: anyImage,
    load: async (db, req, id) => {
      if (!mayDo(req, 'messages.send')) throw fail.forbidden();
      if (await messages.find(db, id)) throw fail.exists({ id });
    },
  },
};

/** A PDF by its signature and end marker (not by the name or type the sender claims). */
export function isPdf(data: Buffer): boolean {
  return data.subarray(0, 5).toString('latin1') === '%PDF-' && data.subarray(-1024).toString('latin1').includes('%%EOF');
}

export function uploadParentOf(parentType: string, parentId: string): UploadParent {
  const found = Object.hasOwn(uploadParents, parentType) ? uploadParents[parentType] : undefined;
  if (!found) throw fail.validation({ field: 'parentType', messageKey: 'missingDetailsToContinue' });
  if (!parentId) throw fail.validation({ field: 'parentID', messageKey: 'requiredField' });
  return found;
}

export type OwnedFile = { id: string; companyId: number; mimeType: string };

/**
 * A file a record points to (a reading's photoId, a check's image ids). Another company's file is
 * refused (403). An id with no file yet is fine: a record's photos upload after the record itself
 * (their parent must exist first), so the record names them before they arrive.
 */
export async function loadOwnedFile(db: Db, req: FastifyRequest, id: string | null | undefined): Promise<OwnedFile | null> {
  if (!id) return null;
  const file = await files.byId(db, id);
  if (!file) return null;
  if (file.companyId !== authOf(req).companyId) throw fail.forbidden();
  return file;
}
