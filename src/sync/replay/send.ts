// Sends one outbox entry and classifies the answer. Uses the client's `raw` so nothing is thrown for an
// HTTP status: every answer becomes a Verdict here.
import type { ApiClient } from '../../api/client';
import { p } from '../../api/style2';
import { db } from '../../db/db';
import type { OutboxEntry } from '../../db/outboxRows';
import { classifyAnswer, classifyFailure } from './classify';
import type { Verdict } from './classify';
import { compIdOfUserKey } from '../write/userKey';
import { UPLOADS_PATH, uploadResumable } from './resumableUpload';
import type { UploadRequest } from './resumableUpload';

export function bodyOf(entry: OutboxEntry): Record<string, unknown> | undefined {
  const { wrap, versionIn } = entry.request;
  if (wrap === 'none') return undefined;
  const body: Record<string, unknown> = wrap === 'changes' ? { changes: { ...entry.payload } } : { ...entry.payload };
  if (versionIn === 'body' && entry.baseVersion !== null) body.baseVersion = entry.baseVersion;
  return body;
}

export function pathOf(entry: OutboxEntry): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(entry.request.query ?? {})) query.set(key, String(value));
  if (entry.request.versionIn === 'query' && entry.baseVersion !== null) query.set('baseVersion', String(entry.baseVersion));
  const text = query.toString();
  return text ? `${entry.request.path}?${text}` : entry.request.path;
}

/** The photo's upload request (its bytes through resumableUpload.ts), or null when its row is gone. */
async function photoUpload(entry: OutboxEntry): Promise<UploadRequest | null> {
  const photo = await db.photos.get(String(entry.recordId));
  if (!photo) return null;
  return {
    blob: photo.blob,
    key: entry.id,
    parentType: photo.ownerTable,
    parentId: photo.ownerId,
    fileId: photo.id,
    fileName: `${photo.role}-${photo.id}.jpg`,
  };
}

/**
 * A photo: its bytes go in resumable parts (a cut continues where it stopped, the deadline follows
 * progress), then one finishing request with the entry's key attaches it once — a repeat of that
 * request gets the stored answer. Entries queued as base64 uploads by an older version go this way too
 * (their request is not stored, only the photo's row), and the server still takes `upload/B64`.
 */
async function sendPhoto(api: ApiClient, entry: OutboxEntry, headers: Record<string, string>): Promise<{ response: Response | null; path: string }> {
  const upload = await photoUpload(entry);
  if (!upload) return { response: null, path: UPLOADS_PATH };
  const outcome = await uploadResumable(api, upload);
  if (outcome.kind === 'answered') return { response: outcome.response, path: UPLOADS_PATH };
  const path = `${outcome.path}/finish`;
  // Style 2 with no parameters: the bytes and the parent are the upload's.
  const response = await api.raw('POST', path, [p.int('orgID', compIdOfUserKey(entry.ownerUserKey))], { prefix: false, headers });
  return { response, path };
}

export type Sent = { verdict: Verdict; method: string; path: string };

export async function sendEntry(api: ApiClient, entry: OutboxEntry, nowMs: () => number): Promise<Sent> {
  const headers = { 'Idempotency-Key': entry.id };
  let method: string = entry.request.method;
  let path = pathOf(entry);
  try {
    let response: Response;
    if (entry.kind === 'photo') {
      method = 'POST';
      path = UPLOADS_PATH;
      const sent = await sendPhoto(api, entry, headers);
      path = sent.path;
      if (sent.response === null) {
        return { method, path, verdict: { kind: 'rejected', status: 0, messageKey: 'errors:fileNotFound', message: 'photo missing on the device' } };
      }
      response = sent.response;
    } else {
      const prefix = entry.request.prefix ?? true;
      response = await api.raw(entry.request.method, path, bodyOf(entry), { prefix, headers });
    }
    const text = await response.text();
    const verdict = classifyAnswer({ status: response.status, header: (name) => response.headers.get(name), text }, entry.id, nowMs());
    return { verdict, method, path };
  } catch (error) {
    return { verdict: classifyFailure(error), method, path };
  }
}
