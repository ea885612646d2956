// Resumable photo uploads: a tus 1.0.0 subset (creation, HEAD offset, PATCH with Upload-Offset, expiry),
// plus a finishing call that stores the photo exactly as the base64 upload does (routes/files.ts,
// `storeUpload`, once per Idempotency-Key). Chosen over a tus server package because none is installed
// and the subset is small; the device's parts are small (src/sync/replay/resumableUpload.ts), so a cut loses at
// most one part and a part is kept whole or not at all.
//
// Rights: creating one needs `files.upload` and a parent record the caller may change (the base64
// upload's rule, files/uploadRules.ts); afterwards an upload is its creator's only — for anyone else
// (another user, company or supplier) it does not exist (404). The size is checked at creation.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooLarge } from '../../../src/lib/uploadLimits.ts';
import type { AppContext } from '../context.ts';
import { resumableUploads } from '../data/resumableUploads.ts';
import type { ResumableUpload } from '../data/resumableUploads.ts';
import { uploadParentOf } from '../files/uploadRules.ts';
import { ApiError, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { newUuid } from '../util/crypto.ts';
import { storeUpload } from './files.ts';
import { idParams, paramsOf } from '../http/params.ts';

export const TUS_VERSION = '1.0.0';
export const UPLOADS_PATH = '/api/files/uploads';
/** The largest part one PATCH may carry; the device sends smaller ones on a slow link. */
export const MAX_PART_BYTES = 1024 * 1024;
/** An upload nobody continues is purged this long after its last part (jobs/purge.ts). */
export const UPLOAD_IDLE_DAYS = 7;
const PART_TYPE = 'application/offset+octet-stream';

/** tus Upload-Metadata: `key base64value` pairs separated by commas. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function nonNegative(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

function tusHeaders(reply: FastifyReply, upload: ResumableUpload): FastifyReply {
  return reply
    .header('Tus-Resumable', TUS_VERSION)
    .header('Upload-Offset', String(upload.received))
    .header('Upload-Length', String(upload.length))
    .header('Upload-Expires', new Date(upload.expiresAt).toUTCString())
    .header('Cache-Control', 'no-store');
}

export function resumableUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const idleExpiry = () => new Date(ctx.now().getTime() + UPLOAD_IDLE_DAYS * 86_400_000).toISOString();

  async function ownUpload(req: FastifyRequest): Promise<ResumableUpload> {
    const { companyId, user } = authOf(req);
    const { id } = paramsOf(idParams, req);
    const upload = await resumableUploads.owned(db, id, companyId, user.id);
    if (!upload) throw fail.notFound();
    return upload;
  }

  app.addContentTypeParser(PART_TYPE, { parseAs: 'buffer', bodyLimit: MAX_PART_BYTES }, (_req, body, done) => done(null, body));

  // Creation. `key` (the device's key for the photo) makes it idempotent: asking again answers the same
  // upload and how much of it the server has, finished or not.
  app.post(UPLOADS_PATH, { config: { upload: true, right: 'files.upload' } }, async (req, reply) => {
    const { companyId, user } = authOf(req);
    const length = nonNegative(header(req, 'upload-length'));
    if (length === null || length === 0) throw fail.badRequest('missingDetailsToContinue', 'Upload-Length');
    const meta = parseUploadMetadata(header(req, 'upload-metadata'));
    const uploadKey = meta.key ?? '';
    if (uploadKey === '' || uploadKey.length > 200) throw fail.badRequest('missingDetailsToContinue', 'key');
    const parentType = meta.parentType ?? '';
    const parentId = meta.parentID ?? '';
    const parent = uploadParentOf(parentType, parentId);
    await parent.load(db, req, parentId);
    const big = tooLarge(length);
    if (big) throw new ApiError(413, 'UPLOAD_REFUSED', big.messageKey, { params: big.params });
    const existing = await resumableUploads.byKey(db, companyId, user.id, uploadKey);
    if (existing) {
      if (existing.parentType !== parentType || existing.parentId !== parentId || existing.length !== length) throw fail.exists({ id: existing.id });
      return tusHeaders(reply.code(201).header('Location', `${UPLOADS_PATH}/${existing.id}`), existing).send();
    }
    const row: ResumableUpload = {
      id: newUuid(),
      companyId,
      userId: user.id,
      uploadKey,
      parentType,
      parentId,
      fileId: (meta.fileID ?? '').slice(0, 100) || null,
      srcFileName: (meta.filename ?? '').slice(0, 200) || null,
      length,
      received: 0,
      createdAt: ctx.nowIso(),
      expiresAt: idleExpiry(),
      finishedAt: null,
    };
    try {
      await resumableUploads.create(db, row);
    } catch (error) {
      // Two creations of one key at once: the other one's upload is this one.
      const raced = await resumableUploads.byKey(db, companyId, user.id, uploadKey);
      if (!raced) throw error;
      return tusHeaders(reply.code(201).header('Location', `${UPLOADS_PATH}/${raced.id}`), raced).send();
    }
    return tusHeaders(reply.code(201).header('Location', `${UPLOADS_PATH}/${row.id}`), row).send();
  });

  app.head(`${UPLOADS_PATH}/:id`, { config: { right: 'files.upload' } }, async (req, reply) => tusHeaders(reply.code(200), await ownUpload(req)).send());

  app.patch(`${UPLOADS_PATH}/:id`, { config: { upload: true, right: 'files.upload' }, bodyLimit: MAX_PART_BYTES }, async (req, reply) => {
    const upload = await ownUpload(req);
    if (header(req, 'content-type') !== PART_TYPE || !Buffer.isBuffer(req.body)) throw new ApiError(415, 'BAD_REQUEST', 'missingDetailsToContinue');
    const start = nonNegative(header(req, 'upload-offset'));
    const part = req.body;
    // tus: an offset other than the server's is a conflict; the device asks HEAD and goes on from there.
    if (start === null || start !== upload.received || upload.finishedAt !== null) return tusHeaders(reply.code(409), upload).send();
    if (start + part.length > upload.length) throw fail.badRequest('missingDetailsToContinue', 'Upload-Length');
    const expiresAt = idleExpiry();
    if (part.length > 0 && !(await resumableUploads.append(db, upload, start, part, expiresAt))) {
      return tusHeaders(reply.code(409), (await resumableUploads.owned(db, upload.id, upload.companyId, upload.userId)) ?? upload).send();
    }
    return tusHeaders(reply.code(204), { ...upload, received: start + part.length, expiresAt }).send();
  });

  // The end: stores the photo once per Idempotency-Key (a replayed finish gets the stored answer).
  app.post(`${UPLOADS_PATH}/:id/finish`, { config: { style2: true, upload: true, right: 'files.upload' } }, async (req, reply) => {
    const upload = await ownUpload(req);
    if (upload.finishedAt !== null || upload.received !== upload.length)
      throw new ApiError(409, 'UPLOAD_INCOMPLETE', 'missingDetailsToContinue', { extra: { offset: upload.received } });
    const parent = uploadParentOf(upload.parentType, upload.parentId);
    await parent.load(db, req, upload.parentId);
    const bytes = await resumableUploads.bytes(db, upload.id);
    return storeUpload(ctx, req, reply, {
      parentType: upload.parentType,
      parentId: upload.parentId,
      parent,
      decoded: [bytes],
      wantedIds: [upload.fileId ?? ''],
      names: [upload.srcFileName ?? ''],
      alsoInTx: (tx) => resumableUploads.finish(tx, upload.id, ctx.nowIso()),
    });
  });
}
