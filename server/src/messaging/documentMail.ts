// E-mailing a document (POST /documents/:id/send): to the addresses the user may choose
// (src/lib/domain/documentRecipients.ts), within `documentMailsPerUser`, exactly once per request.
// The send is recorded (queued) and counted with the Idempotency-Key in one transaction; only after it
// commits does the mail go out, sent by the one request that takes the queued row (a concurrent repeat
// gets the stored answer and sends nothing). A mail server that refuses undoes the record and the key
// (not the count), so the same request may be tried again.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentRecipient, mayMailDocumentsAnywhere } from '../../../src/lib/domain/documentRecipients.ts';
import type { HouseholdAddress } from '../../../src/lib/domain/documentRecipients.ts';
import { validateSendTo } from '../../../src/lib/validation/documentRules.ts';
import type { Db } from '../db/database.ts';
import { contacts } from '../data/buildings.ts';
import { documents } from '../data/documents.ts';
import { files } from '../data/files.ts';
import { idempotencyKeys } from '../data/idempotencyKeys.ts';
import { audienceOf, loadDocument } from '../http/documentAccess.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { preparedCommand } from '../http/command.ts';
import { idParams } from '../http/params.ts';
import { actorOf } from '../http/rights.ts';
import { recordId } from '../http/schemas.ts';
import { assertQuota, spendQuota } from '../limits/usageLimits.ts';
import { safeFileName } from '../files/fileNames.ts';

const sendBody = z.object({ id: recordId, to: z.string().max(320).nullable().optional() });

/** The user's own address and their unit's contacts' addresses, each once. */
export async function householdAddresses(db: Db, req: FastifyRequest): Promise<HouseholdAddress[]> {
  const { user } = authOf(req);
  const found: HouseholdAddress[] = [];
  const add = (email: string | null | undefined, name: string, self: boolean) => {
    const address = (email ?? '').trim();
    if (address !== '' && !found.some((a) => a.email.toLowerCase() === address.toLowerCase())) found.push({ email: address, name, self });
  };
  add(user.email, user.fullName, true);
  const audience = await audienceOf(db, req);
  if (!audience.all && audience.apartmentIds.length > 0) {
    for (const c of await contacts.list(db, { apartmentId: [...audience.apartmentIds] }, { orderBy: 'lastName' }))
      add(c.email, c.fullName, c.id === user.contactId);
  }
  return found;
}

/** What the send dialog offers: any address (staff), or only the household's. */
export async function documentRecipients(db: Db, req: FastifyRequest): Promise<{ anyAddress: boolean; addresses: HouseholdAddress[] }> {
  return { anyAddress: mayMailDocumentsAnywhere(actorOf(authOf(req).user).role), addresses: await householdAddresses(db, req) };
}

/** POST /documents/:id/send: the send recorded with its key in the transaction, the mail sent after the commit. */
export const documentSendCommand = preparedCommand({
  method: 'POST',
  url: '/api/binyan/documents/:id/send',
  right: 'documents.send',
  terms: true,
  params: idParams,
  body: sendBody,
  bodyOptional: true,
  check: ({ body }) => enforce(validateSendTo(body.to)),
  prepare: async ({ ctx, req, params, body }) => {
    const { db } = ctx;
    const to = (body.to ?? '').trim();
    const doc = await loadDocument(db, req, params.id);
    const { user } = authOf(req);
    enforce(documentRecipient(actorOf(user).role, to, await householdAddresses(db, req)));
    const quotaKey = `user:${user.id}`;
    await assertQuota(db, ctx, 'documentMailsPerUser', quotaKey);
    const file = await files.byId(db, doc.fileId);
    const data = file ? await ctx.files.get(file.companyId, file.sha256) : null;
    if (!file || !data) throw new ApiError(404, 'NOT_FOUND', 'fileNotFound');
    return { to, doc, quotaKey, mail: { mimeType: file.mimeType, data } };
  },
  change: async (tx, { ctx, req, body }, prepared) => {
    const { to, doc, quotaKey } = prepared;
    const { companyId, user } = authOf(req);
    if (await documents.sendExists(tx, body.id)) throw fail.exists({ id: body.id });
    await spendQuota(tx, ctx, 'documentMailsPerUser', quotaKey);
    const send = { id: body.id, companyId, documentId: doc.id, toAddress: to, sentBy: user.userName, sentAt: ctx.nowIso() };
    await documents.queueSend(tx, send);
    return { status: 201, record: { id: send.id, documentId: doc.id, to, sentAt: send.sentAt }, after: prepared };
  },
  // Committed: the one request that takes the queued row sends it.
  effects: async ({ ctx, req, body }, prepared, answer) => {
    const { db } = ctx;
    if (!prepared || !(await documents.claimSend(db, body.id))) return;
    const { to, doc, mail } = prepared;
    const { companyId, user } = authOf(req);
    try {
      await ctx.messaging.mail.send({
        to,
        subject: doc.title,
        text: `${doc.title}\n\n${user.fullName || user.userName} · Binyan`,
        attachments: [{ filename: safeFileName(doc.fileName ?? doc.title, doc.id, mail.mimeType), content: mail.data, contentType: mail.mimeType }],
      });
    } catch {
      await db.tx(async (tx) => {
        await documents.forgetSend(tx, body.id);
        if (answer.key !== null) await idempotencyKeys.forget(tx, companyId, user.id, answer.key);
      });
      throw new ApiError(502, 'MAIL_FAILED', 'emailNotSent');
    }
    await documents.markSent(db, body.id);
  },
});
