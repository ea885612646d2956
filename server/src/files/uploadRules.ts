// Which records may receive files, and which files (spec 5: "only image files; jpg only for attachments
// in some places"). One table: a parent type not listed cannot receive files; only the books' records
// (an invoice, a quote) take PDFs. The parent must exist, be of the caller's buildings (loadOwned) and be
// one the caller may change (the right that writes it); the file is then read as that record is
// (http/fileAccess.ts).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Resource } from '../db/records.ts';
import { bids, expenses } from '../data/books.ts';
import { checks } from '../data/checks.ts';
import { messages } from '../data/messages.ts';
import { meterReadings } from '../data/meters.ts';
import { serviceCalls, serviceCallUpdates } from '../data/serviceCalls.ts';
import { loadOwned } from '../http/access.ts';
import { authOf } from '../http/hooks.ts';
import { loadTenantCall } from '../http/tenantCallAccess.ts';
import { loadThread } from '../http/threadAccess.ts';
import { threadMessages } from '../data/threads.ts';
import { tenantMayComment } from '../../../src/lib/domain/tenantCalls.ts';
import type { Action } from '../../../src/lib/rights/rights.ts';
import { mayDo, requireRight } from '../http/rights.ts';
import type { ImageFormat } from './images.ts';
import type { UploadKind } from './uploads.ts';
import { tooLarge } from '../../../src/lib/uploadLimits.ts';
import { ApiError, fail } from '../http/errors.ts';

export type UploadParent = {
  formats: readonly ImageFormat[];
  /** Also takes a PDF (an invoice, a quote), stored as sent once it reads as one. */
  pdf?: boolean;
  /** Throws 404 for an unknown record, 403 for one the caller may not touch. */
  load(db: Db, req: FastifyRequest, id: string): Promise<void>;
};

const anyImage: readonly ImageFormat[] = ['jpeg', 'png', 'webp', 'gif', 'heif'];
const jpegOnly: readonly ImageFormat[] = ['jpeg'];

function parent<E>(records: Resource<E>, right: Action, formats: readonly ImageFormat[], pdf = false): UploadParent {
  return {
    formats,
    pdf,
    load: async (db, req, id) => {
      requireRight(req, right);
      await loadOwned(db, req, records, id);
    },
  };
}

/** parentType (the device's table name) → its record and the formats its files may have. */
export const uploadParents: Readonly<Record<string, UploadParent>> = {
  // A call's photos come with it from whoever opens one (reporters too); an update's from who may post one.
  // A tenant adds photos to a call they reach while it is open, and to their own comments (issue 31).
  serviceCalls: {
    formats: anyImage,
    load: async (db, req, id) => {
      if (!mayDo(req, 'tenantCalls.report')) return parent(serviceCalls, 'serviceCalls.create', anyImage).load(db, req, id);
      const { call } = await loadTenantCall(db, req, id);
      if (!tenantMayComment(call.status)) throw fail.rule({ field: 'parentID', messageKey: 'callClosedForComments' });
    },
  },
  serviceCallUpdates: {
    formats: anyImage,
    load: async (db, req, id) => {
      if (!mayDo(req, 'tenantCalls.report')) return parent(serviceCallUpdates, 'serviceCalls.update', anyImage).load(db, req, id);
      const update = await serviceCallUpdates.find(db, id);
      if (!update || !update.entity.fromReporter || update.entity.authorUserId !== authOf(req).user.id) throw fail.notFound();
      const { call } = await loadTenantCall(db, req, update.entity.serviceCallId);
      if (!tenantMayComment(call.status)) throw fail.rule({ field: 'parentID', messageKey: 'callClosedForComments' });
    },
  },
  // A thread message's photos (issue 31 item 2): only from the message's own author, in a thread they still reach.
  threadMessages: {
    formats: anyImage,
    load: async (db, req, id) => {
      requireRight(req, 'threads.reply');
      const message = await threadMessages.find(db, id);
      if (!message || message.authorUserId !== authOf(req).user.id) throw fail.notFound();
      await loadThread(db, req, message.threadId);
    },
  },
  meterReadings: parent(meterReadings, 'readings.write', anyImage),
  // The bank's images: served back as base64 JPEG (spec 7, check/image), so only JPEG comes in.
  checks: parent(checks, 'checks.deposit', jpegOnly),
  // The committee's books: an invoice or a quote is a photo or the supplier's PDF.
  expenses: parent(expenses, 'books.write', anyImage, true),
  bids: parent(bids, 'books.write', anyImage, true),
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

export function uploadParentOf(parentType: string, parentId: string): UploadParent {
  const found = Object.hasOwn(uploadParents, parentType) ? uploadParents[parentType] : undefined;
  if (!found) throw fail.validation({ field: 'parentType', messageKey: 'missingDetailsToContinue' });
  if (!parentId) throw fail.validation({ field: 'parentID', messageKey: 'requiredField' });
  return found;
}

/** What a record's files may be (the base64 and the resumable upload): its formats, a PDF where it takes one. */
export function recordUpload(parent: UploadParent): UploadKind {
  return {
    images: parent.formats,
    ...(parent.pdf ? { pdf: 'marked' as const } : {}),
    tooLarge: (size) => {
      const big = tooLarge(size);
      return big ? fail.upload(big) : null;
    },
    wrongType: () => new ApiError(422, 'VALIDATION', parent.pdf ? 'onlyImageOrPdfAllowed' : 'onlyImageAllowed', { field: 'base64String' }),
  };
}
