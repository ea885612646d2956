// Sends one outbox entry and classifies the answer. Uses the client's `raw` so nothing is thrown for an
// HTTP status: every answer becomes a Verdict here.
import type { ApiClient } from '../api/client';
import { p } from '../api/style2';
import { db } from '../db/db';
import type { OutboxEntry } from '../db/outboxRows';
import { classifyAnswer, classifyFailure } from './classify';
import type { Verdict } from './classify';
import { compIdOfUserKey } from './sessionPort';

export const UPLOAD_PATH = 'files/upload/B64';

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

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

async function uploadBody(entry: OutboxEntry): Promise<unknown[] | null> {
  const photo = await db.photos.get(String(entry.recordId));
  if (!photo) return null;
  const createdBy = typeof entry.payload.createdBy === 'number' ? entry.payload.createdBy : 0;
  return [
    p.nvarchar('parentType', photo.ownerTable),
    p.nvarchar('parentID', photo.ownerId),
    p.int('orgID', compIdOfUserKey(entry.ownerUserKey)),
    p.guid('fileID', photo.id),
    p.int('createdBy', createdBy),
    p.nvarchar('srcFileName', `${photo.role}-${photo.id}.jpg`),
    p.nvarchar('base64String', await base64Of(photo.blob)),
  ];
}

export type Sent = { verdict: Verdict; method: string; path: string };

export async function sendEntry(api: ApiClient, entry: OutboxEntry, nowMs: () => number): Promise<Sent> {
  const headers = { 'Idempotency-Key': entry.id };
  let method: string = entry.request.method;
  let path = pathOf(entry);
  try {
    let response: Response;
    if (entry.kind === 'photo') {
      const params = await uploadBody(entry);
      method = 'POST';
      path = UPLOAD_PATH;
      if (params === null) {
        return { method, path, verdict: { kind: 'rejected', status: 0, messageKey: 'errors:fileNotFound', message: 'photo missing on the device' } };
      }
      response = await api.raw('POST', UPLOAD_PATH, params, { prefix: false, headers });
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
