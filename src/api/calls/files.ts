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

/**
 * Images from an external delivery host are used as they are; the rest load through /files/getImg.
 * The URL carries no session token (URLs end up in logs and caches): an <img> sends the HttpOnly
 * session cookie set at sign-in, and the service worker's cache keys stay the same across re-logins.
 */
export function imageUrl(client: ApiClient, src: string): string {
  if (/^(https?:|data:|blob:)/i.test(src)) return src;
  return `${client.url('files/getImg', { prefix: false })}?${new URLSearchParams({ src }).toString()}`;
}
