// Uploads (style 2, base64) and image downloads (spec 7). An upload names its parent record, which must
// be one the caller may change; every file goes through the one upload pipeline (files/uploads.ts: the
// limits of src/lib/uploadLimits.ts, the type by content, images re-encoded). A download is read as a record the file belongs to (http/fileAccess.ts),
// authenticated by header or cookie, never by a token in the URL.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { tooMany, uploadBodyLimit } from '../../../src/lib/uploadLimits.ts';
import type { AppContext } from '../context.ts';
import { files } from '../data/files.ts';
import type { FileView } from '../data/files.ts';
import { queryOf } from '../http/access.ts';
import { assertFileReadable } from '../http/fileAccess.ts';
import { smallImage } from '../files/images.ts';
import { recordUpload, uploadParentOf } from '../files/uploadRules.ts';
import { checkUploads, linkFile, received, storeBytes } from '../files/uploads.ts';
import type { StoredFile } from '../files/uploads.ts';
import type { UploadParent } from '../files/uploadRules.ts';

import { ApiError, fail } from '../http/errors.ts';
import { authOf, params2Of } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { FILE_CSP } from '../http/security.ts';
import { ok2, paramValues, str } from '../http/style2.ts';
import { newUuid } from '../util/crypto.ts';
import { safeFileName } from '../files/fileNames.ts';

const fileView = (f: FileView) => ({
  id: f.id,
  sha256: f.sha256,
  mimeType: f.mimeType,
  size: f.size,
  parentType: f.parentType,
  parentId: f.parentId,
  srcFileName: f.srcFileName,
});

const urlOf = (id: string) => `/api/files/getImg?src=${encodeURIComponent(id)}`;

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** At most this many files in one smallImages answer (small copies are 20–60 KB). */
export const SMALL_IMAGES_MAX = 30;
const FILE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post('/api/files/upload/B64', { config: { style2: true, upload: true, right: 'files.upload' }, bodyLimit: uploadBodyLimit }, async (req, reply) => {
    const p = params2Of(req);
    const payloads = paramValues(req.body, 'base64String').map(text);
    if (payloads.length === 0 || payloads.some((b) => b === '')) throw new ApiError(422, 'VALIDATION', 'requiredField', { field: 'base64String' });
    const many = tooMany(payloads.length);
    if (many) throw fail.upload(many);
    const parentType = str(p, 'parentType');
    const parentId = str(p, 'parentID');
    const parent = uploadParentOf(parentType, parentId);
    // Before any decoding: a request for someone else's record costs nothing.
    await parent.load(db, req, parentId);
    const decoded = payloads.map(received);
    return storeUpload(ctx, req, reply, {
      parentType,
      parentId,
      parent,
      decoded,
      wantedIds: paramValues(req.body, 'fileID').map(text),
      names: paramValues(req.body, 'srcFileName').map(text),
    });
  });

  // Several small copies in one answer (take the day offline: tens of photos in one request), each
  // file read as getImg reads it; a file the caller may not read, or that is gone, is left out.
  app.get('/api/files/smallImages', { config: { right: 'files.read' } }, async (req, reply) => {
    const ids = [...new Set((queryOf(req).src ?? '').split(','))];
    if (ids.length > SMALL_IMAGES_MAX || ids.some((id) => !FILE_ID.test(id))) throw fail.validation({ field: 'src', messageKey: 'requiredField' });
    const boundary = `binyan-${newUuid()}`;
    const parts: Buffer[] = [];
    for (const id of ids) {
      const file = await files.byId(db, id);
      if (!file || !file.mimeType.startsWith('image/') || file.mimeType === 'image/svg+xml') continue;
      try {
        await assertFileReadable(db, req, file);
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) continue;
        throw error;
      }
      const data = await ctx.files.get(file.companyId, file.sha256);
      const small = data ? await smallImage(data) : null;
      if (!small) continue;
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${id}"; filename="${id}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        small,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return reply
      .header('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', FILE_CSP)
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.concat(parts));
  });

  app.get('/api/files/getImg', { config: { right: 'files.read' } }, async (req, reply) => {
    const query = queryOf(req);
    const src = query.src ?? '';
    const file = await files.byId(db, src);
    if (!file) throw new ApiError(404, 'NOT_FOUND', 'fileNotFound');
    // Read as a record it belongs to is read: its right, its building, its audience.
    await assertFileReadable(db, req, file);
    const data = await ctx.files.get(file.companyId, file.sha256);
    if (!data) throw new ApiError(404, 'NOT_FOUND', 'fileNotFound');
    const image = file.mimeType.startsWith('image/') && file.mimeType !== 'image/svg+xml';
    // size=small: the version a device keeps for the day offline (JPEG, longest side SMALL_IMAGE_SIDE).
    const small = image && query.size === 'small' ? await smallImage(data) : null;
    const name = safeFileName(file.srcFileName, file.id, small ? 'image/jpeg' : file.mimeType);
    return (
      reply
        .header('Content-Type', small ? 'image/jpeg' : file.mimeType)
        .header('Content-Disposition', `${image ? 'inline' : 'attachment'}; filename="${name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', FILE_CSP)
        // The caller's own file: a browser or the service worker may keep it, a shared proxy may not.
        .header('Cache-Control', 'private, max-age=86400')
        .header('Vary', 'Cookie, Authorization')
        .header('ETag', small ? `"${file.sha256}-small"` : `"${file.sha256}"`)
        .send(small ?? data)
    );
  });
}

export type UploadToStore = {
  parentType: string;
  parentId: string;
  parent: UploadParent;
  /** The files' bytes as they arrived (base64 decoded, or the parts of a resumable upload joined). */
  decoded: Buffer[];
  wantedIds: string[];
  names: string[];
  /** More writes of the same transaction (a resumable upload marked finished). */
  alsoInTx?: (tx: Db) => Promise<void>;
};

/**
 * Checks, re-encodes and stores uploaded files for their parent record, once per Idempotency-Key: the
 * base64 upload and the end of a resumable one answer alike (style 2, `fileId`, `url`, `deduplicated`).
 */
export async function storeUpload(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, upload: UploadToStore): Promise<unknown> {
  const { companyId, user } = authOf(req);
  const { parentType, parentId, parent, decoded, wantedIds, names } = upload;
  const checked = await checkUploads(decoded, recordUpload(parent));
  const stored: StoredFile[] = [];
  for (const file of checked) stored.push(await storeBytes(ctx.files, companyId, file));
  // Chosen outside the transaction, which may run again (PostgreSQL) and must pick the same ids.
  const freshIds = stored.map(() => newUuid());
  return runMutation(
    ctx,
    req,
    reply,
    async (tx) => {
      await parent.load(tx, req, parentId);
      await upload.alsoInTx?.(tx);
      const kept: { row: FileView; deduplicated: boolean }[] = [];
      for (const [i, file] of stored.entries()) {
        const wanted = wantedIds[i] ?? '';
        const free = wanted !== '' && wanted.length <= 100 && !(await files.exists(tx, wanted));
        const link = await linkFile(tx, file, {
          id: free ? wanted : (freshIds[i] ?? newUuid()),
          parentType,
          parentId,
          srcFileName: names[i] ?? null,
          by: user,
          at: ctx.nowIso(),
        });
        kept.push({ row: link.view, deduplicated: link.deduplicated });
      }
      const answers = kept.map(({ row, deduplicated }) => ({ fileId: row.id, url: urlOf(row.id), deduplicated }));
      const [first] = kept;
      if (!first) throw new ApiError(422, 'VALIDATION', 'requiredField', { field: 'base64String' });
      return { record: fileView(first.row), extra: ok2({ ...answers[0], ...(answers.length > 1 ? { files: answers } : {}) }) };
    },
    { keyRequired: false },
  );
}
