// Who may read a stored file: whoever may read a record it belongs to (data/fileLinks.ts), by that
// record's own read right and building, as its own routes decide. A file kept once for several records
// (the same bytes uploaded twice) is read through any of them; uploading the same bytes again links
// the one file to the uploader's record, which proves only that they had those bytes already.
// A file with no record anyone may read through (its type unknown here, its records gone) is refused to
// everyone but the system administrator.
import type { FastifyRequest } from 'fastify';
import type { Action } from '../../../src/lib/rights/rights.ts';
import type { Db } from '../db/database.ts';
import type { Resource } from '../db/records.ts';
import { bids, expenses } from '../data/books.ts';
import { checks } from '../data/checks.ts';
import { fileLinks } from '../data/fileLinks.ts';
import type { FileLink } from '../data/fileLinks.ts';
import { files } from '../data/files.ts';
import type { FileRow } from '../data/files.ts';
import { keyItems, mailItems } from '../data/items.ts';
import { meterReadings } from '../data/meters.ts';
import { serviceCalls, serviceCallUpdates } from '../data/serviceCalls.ts';
import { assertMessageReadable } from '../messaging/messageAccess.ts';
import { loadBuilding, loadOwned } from './access.ts';
import { loadDocument } from './documentAccess.ts';
import { ApiError, fail } from './errors.ts';
import { authOf } from './hooks.ts';
import { actorOf, mayDo, requireRight } from './rights.ts';
import { loadTenantCall } from './tenantCallAccess.ts';
import { loadThread } from './threadAccess.ts';
import { threadMessages } from '../data/threads.ts';
import { isUpdateForTenant } from '../../../src/lib/domain/tenantCalls.ts';

/** Throws (403, 404) unless the signed-in user may read the record `link` names. */
type ParentReader = (db: Db, req: FastifyRequest, link: FileLink) => Promise<void>;

function readAs<E>(right: Action, records: Resource<E>): ParentReader {
  return async (db, req, link) => {
    requireRight(req, right);
    await loadOwned(db, req, records, link.parentId);
  };
}

/** A message's image: on the board of those the message is addressed to, and with its senders. */
const messageImage: ParentReader = async (db, req, link) => {
  // Uploaded for a message not sent yet: only its uploader sees it until then.
  await assertMessageReadable(db, req, link.parentId, link.linkedBy !== null && link.linkedBy === authOf(req).user.id);
};

/** Every kind of record an upload may name (files/uploadRules.ts) or that names a file, and how it is read. */
/** A call's photo: staff read it with the call; a tenant through their own apartment's or building's common-area call. */
const callPhoto: ParentReader = async (db, req, link) => {
  if (!mayDo(req, 'tenantCalls.read')) return readAs('serviceCalls.read', serviceCalls)(db, req, link);
  await loadTenantCall(db, req, link.parentId);
};

/** An update's photo: staff read it with the update; a tenant only an update shown to them (their own comment's, or one staff marked). */
const updatePhoto: ParentReader = async (db, req, link) => {
  if (!mayDo(req, 'tenantCalls.read')) return readAs('serviceCalls.read', serviceCallUpdates)(db, req, link);
  const update = await serviceCallUpdates.find(db, link.parentId);
  if (!update) throw fail.notFound();
  await loadTenantCall(db, req, update.entity.serviceCallId);
  if (!isUpdateForTenant(update.entity, authOf(req).user.id)) throw fail.notFound();
};

/** A thread message's photo: whoever reaches the thread (its tenant, or its addressee). */
const threadPhoto: ParentReader = async (db, req, link) => {
  requireRight(req, 'threads.read');
  const message = await threadMessages.find(db, link.parentId);
  if (!message) throw fail.notFound();
  await loadThread(db, req, message.threadId);
};

export const fileParentReaders: Readonly<Record<string, ParentReader>> = {
  threadMessages: threadPhoto,
  serviceCalls: callPhoto,
  serviceCallUpdates: updatePhoto,
  meterReadings: readAs('meters.read', meterReadings),
  checks: readAs('checks.deposit', checks),
  expenses: readAs('books.read', expenses),
  bids: readAs('books.read', bids),
  messages: messageImage,
  documents: async (db, req, link) => {
    requireRight(req, 'documents.read');
    await loadDocument(db, req, link.parentId);
  },
  keys: readAs('items.read', keyItems),
  'mail-items': readAs('items.read', mailItems),
  // A building's logo: everyone who sees the building.
  buildings: async (db, req, link) => {
    await loadBuilding(db, req, link.parentId);
  },
};

/**
 * Refuses a file the signed-in user may not read: another company's (403); else the refusal of the
 * first record it belongs to (404 for a document not for them, 403 for a building or right they lack),
 * unless another of its records allows it.
 */
export async function assertFileReadable(db: Db, req: FastifyRequest, file: Pick<FileRow, 'id' | 'companyId'>): Promise<void> {
  const { companyId, user } = authOf(req);
  if (file.companyId !== companyId) throw fail.forbidden();
  let refusal: ApiError | null = null;
  for (const link of await fileLinks.ofFile(db, file.id)) {
    const read = Object.hasOwn(fileParentReaders, link.parentType) ? fileParentReaders[link.parentType] : undefined;
    if (!read) continue;
    try {
      await read(db, req, link);
      return;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refusal ??= error;
    }
  }
  if (actorOf(user).role === 'admin') return;
  throw refusal ?? fail.forbidden();
}

/**
 * A file a record names (a reading's photo, a check's images, an invoice, a logo): another company's
 * is refused (403), and so is one the user may not read; it then belongs to `parent` as well. An id
 * with no file yet is fine: a record's photos upload after the record (their upload links them).
 */
export async function linkNamedFile(
  db: Db,
  req: FastifyRequest,
  fileId: string | null | undefined,
  parent: Pick<FileLink, 'parentType' | 'parentId'>,
  nowIso: string,
): Promise<void> {
  if (!fileId) return;
  const file = await files.byId(db, fileId);
  if (!file) return;
  await assertFileReadable(db, req, file);
  const { companyId, user } = authOf(req);
  await fileLinks.add(db, { fileId: file.id, companyId, parentType: parent.parentType, parentId: parent.parentId, linkedBy: user.id, createdAt: nowIso });
}
