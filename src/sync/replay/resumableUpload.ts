// Sends a photo's bytes to the server's resumable uploads (docs/api.md "Resumable upload", a tus 1.0.0
// subset) and leaves the finishing request to the caller (send.ts), which carries the outbox entry's
// Idempotency-Key so the photo is attached once. Runs in the page and in the service worker alike.
//
// - Resumable: the upload is created with the photo's key (its outbox entry id), so any later attempt —
//   after a cut, a closed app, a new service worker — is answered the same upload and the bytes the
//   server already has, and sends only the rest.
// - A deadline that follows progress: the bytes go in parts, each with `stallMs` to be acknowledged; a
//   part is sized from the rate the last ones reached (about `PART_SECONDS` of sending), so on any link
//   a part is well inside the deadline and only a connection that stops moving ends the attempt. There
//   is no deadline for the whole photo.
import type { ApiClient } from '../../api/client';
import { isSlowLink, lastUploadRate, noteUploadRate } from './linkQuality';

export const UPLOADS_PATH = 'files/uploads';
/** No acknowledged part for this long: the connection is stalled and the attempt ends. */
export const STALL_MS = 20_000;
/** A part should take about this long at the measured rate (a quarter of the stall deadline). */
export const PART_SECONDS = 5;
export const MIN_PART_BYTES = 16 * 1024;
/** The server's largest part (server/src/routes/resumableUploads.ts MAX_PART_BYTES). */
export const MAX_PART_BYTES = 1024 * 1024;
/** The first part on a slow or unknown link: ~2 s at 256 kbit/s. */
export const SLOW_FIRST_PART_BYTES = 64 * 1024;
/**
 * The first part on a link the browser calls good: its estimate may be stale or wrong (an emulated or
 * shared link), so even then the first part fits the stall deadline down to ~100 kbit/s.
 */
export const FIRST_PART_BYTES = 256 * 1024;

export type UploadRequest = {
  blob: Blob;
  /** The photo's key: its outbox entry id. */
  key: string;
  parentType: string;
  parentId: string;
  fileId: string;
  fileName: string;
  stallMs?: number;
  /** Bytes the server holds, after each acknowledged part. */
  onProgress?: (sent: number, total: number) => void;
  nowMs?: () => number;
  signal?: AbortSignal;
};

/** Every byte is on the server (`path` to finish), or the server's answer that refused a step. */
export type UploadOutcome = { kind: 'uploaded'; path: string } | { kind: 'answered'; response: Response };

function utf8Base64(value: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function uploadMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `${name} ${utf8Base64(value)}`)
    .join(',');
}

function offsetOf(response: Response): number | null {
  const value = response.headers.get('Upload-Offset');
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/** The next part's size: about PART_SECONDS at the last measured rate, within the server's limits. */
export function nextPartBytes(slow: boolean, rate: number | null): number {
  if (rate === null) return slow ? SLOW_FIRST_PART_BYTES : FIRST_PART_BYTES;
  return Math.min(MAX_PART_BYTES, Math.max(MIN_PART_BYTES, Math.floor(rate * PART_SECONDS)));
}

/** The Location's path as the client names it (without the `/api/` the client adds). */
function pathOfLocation(location: string): string {
  return new URL(location, 'http://x').pathname.replace(/^\/?api\//, '');
}

export async function uploadResumable(api: ApiClient, request: UploadRequest): Promise<UploadOutcome> {
  const { blob } = request;
  const stallMs = request.stallMs ?? STALL_MS;
  const nowMs = request.nowMs ?? (() => Date.now());
  const base = { prefix: false, timeoutMs: stallMs, ...(request.signal ? { signal: request.signal } : {}) };
  const created = await api.raw('POST', UPLOADS_PATH, undefined, {
    ...base,
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(blob.size),
      'Upload-Metadata': uploadMetadata({
        key: request.key,
        parentType: request.parentType,
        parentID: request.parentId,
        fileID: request.fileId,
        filename: request.fileName,
      }),
    },
  });
  const location = created.headers.get('Location');
  let offset = offsetOf(created);
  if (created.status !== 201 || location === null || offset === null) return { kind: 'answered', response: created };
  const path = pathOfLocation(location);
  request.onProgress?.(offset, blob.size);
  while (offset < blob.size) {
    const size = nextPartBytes(isSlowLink(), lastUploadRate());
    const part = blob.slice(offset, Math.min(blob.size, offset + size));
    const started = nowMs();
    let answer: Response;
    try {
      answer = await api.raw('PATCH', path, part, {
        ...base,
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      });
    } catch (error) {
      // A part that did not pass within the deadline: the link is slower than this part assumed, so the
      // next attempt sends parts that fit it (what arrived of this one is resent: parts are kept whole).
      if (nowMs() - started >= stallMs) noteUploadRate(part.size / (stallMs / 1000) / 2);
      throw error;
    }
    const next = offsetOf(answer);
    // 409: another attempt moved the offset (or this part's answer was lost); go on from the server's.
    if ((answer.status !== 204 && answer.status !== 409) || next === null) return { kind: 'answered', response: answer };
    if (answer.status === 204) noteUploadRate((next - offset) / Math.max(0.001, (nowMs() - started) / 1000));
    offset = next;
    request.onProgress?.(offset, blob.size);
  }
  return { kind: 'uploaded', path };
}
