import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError, fail } from '../http/errors.ts';
import { authOf, params2Of } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { ok2, str } from '../http/style2.ts';
import { newUuid, sha256Hex } from '../util/crypto.ts';
import { queryOf } from './access.ts';

const signatures: [string, (b: Buffer) => boolean][] = [
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  ['image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
  ['application/pdf', (b) => b.subarray(0, 5).toString('latin1') === '%PDF-'],
];

export function sniffMime(data: Buffer): string | null {
  return signatures.find(([, test]) => test(data))?.[0] ?? null;
}

export function decodeBase64(value: string): Buffer {
  const payload = value.replace(/^data:[^;,]+;base64,/, '').replace(/\s+/g, '');
  return Buffer.from(payload, 'base64');
}

const fileView = (f: { id: string; sha256: string; mimeType: string; size: number; parentType: string | null; parentId: string | null; srcFileName: string | null }) => ({
  id: f.id,
  sha256: f.sha256,
  mimeType: f.mimeType,
  size: f.size,
  parentType: f.parentType,
  parentId: f.parentId,
  srcFileName: f.srcFileName,
});

export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post('/api/files/upload/B64', { config: { style2: true, right: 'files.upload' } }, async (req, reply) => {
    const p = params2Of(req);
    const { companyId, user } = authOf(req);
    const data = decodeBase64(str(p, 'base64String'));
    if (data.length === 0) throw new ApiError(422, 'VALIDATION', 'requiredField', { field: 'base64String' });
    const mimeType = sniffMime(data);
    if (!mimeType) throw new ApiError(422, 'VALIDATION', 'onlyImageAllowed', { field: 'base64String' });
    const sha256 = sha256Hex(data);
    return runMutation(
      ctx,
      req,
      reply,
      () => {
        const existing = db.first(
          db.q.selectFrom('files').select(['id', 'sha256', 'mimeType', 'size', 'parentType', 'parentId', 'srcFileName']).where('companyId', '=', companyId).where('sha256', '=', sha256),
        );
        if (existing) return { record: fileView(existing), extra: ok2({ fileId: existing.id, url: `/api/files/getImg?src=${existing.id}`, deduplicated: true }) };
        const wanted = str(p, 'fileID');
        const taken = wanted ? db.first(db.q.selectFrom('files').select('id').where('id', '=', wanted)) : undefined;
        const id = wanted && !taken && wanted.length <= 100 ? wanted : newUuid();
        const row = {
          id,
          companyId,
          sha256,
          mimeType,
          size: data.length,
          data,
          parentType: str(p, 'parentType') || null,
          parentId: str(p, 'parentID') || null,
          srcFileName: str(p, 'srcFileName') || null,
          createdBy: str(p, 'createdBy') || user.userName,
          createdAt: ctx.nowIso(),
        };
        db.run(db.q.insertInto('files').values(row));
        return { record: fileView(row), extra: ok2({ fileId: id, url: `/api/files/getImg?src=${id}`, deduplicated: false }) };
      },
      { keyRequired: false },
    );
  });

  app.get('/api/files/getImg', { config: { right: 'files.read' } }, async (req, reply) => {
    const src = queryOf(req).src ?? '';
    const file = db.first(db.q.selectFrom('files').select(['companyId', 'mimeType', 'data', 'sha256']).where('id', '=', src));
    if (!file) throw new ApiError(404, 'NOT_FOUND', 'fileNotFound');
    if (file.companyId !== authOf(req).companyId) throw fail.forbidden();
    return reply
      .header('Content-Type', file.mimeType)
      .header('Cache-Control', 'private, max-age=86400')
      .header('ETag', `"${file.sha256}"`)
      .send(file.data);
  });
}
