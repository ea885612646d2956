// File upload (style 2, base64) and image URLs (spec section 7).
import type { ApiClient } from '../client';
import { p } from '../style2';

export type UploadB64Input = {
  parentType: string;
  parentID: string;
  orgID: number;
  fileID: string;
  createdBy: number;
  srcFileName: string;
  base64String: string;
};
export type UploadB64Answer = { fileId: string; url: string; deduplicated: boolean };

/** The key makes a retried upload land once; the server also dedupes by content hash. */
export function uploadB64(client: ApiClient, input: UploadB64Input, idempotencyKey: string, signal?: AbortSignal) {
  return client.callStyle2<UploadB64Answer>(
    'files/upload/B64',
    [
      p.nvarchar('parentType', input.parentType),
      p.nvarchar('parentID', input.parentID),
      p.int('orgID', input.orgID),
      p.guid('fileID', input.fileID),
      p.int('createdBy', input.createdBy),
      p.nvarchar('srcFileName', input.srcFileName),
      p.nvarchar('base64String', input.base64String),
    ],
    { headers: { 'Idempotency-Key': idempotencyKey }, ...(signal ? { signal } : {}) },
  );
}

/** Images from an external delivery host are used as they are; the rest load through /files/getImg. */
export function imageUrl(client: ApiClient, src: string, sessionToken: string | null): string {
  if (/^(https?:|data:|blob:)/i.test(src)) return src;
  const query = new URLSearchParams({ src });
  if (sessionToken) query.set('sessionToken', sessionToken);
  return `${client.url('files/getImg', { prefix: false })}?${query.toString()}`;
}
