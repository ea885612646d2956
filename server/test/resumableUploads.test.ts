// Resumable photo uploads (issue 30, routes/resumableUploads.ts): a tus subset whose parts continue
// from the server's offset after a cut, whose finish attaches the photo once per Idempotency-Key, which
// only its creator may touch, within the upload size limit, and whose idle uploads the purge removes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadLimits } from '../../src/lib/uploadLimits.ts';
import { purgeExpired } from '../src/jobs/purge.ts';
import { openDatabase } from '../src/db/open.ts';
import { signInLimitsWith } from '../src/auth/signInLimits.ts';
import { usageLimitsWith } from '../src/limits/usageLimits.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { testJpeg } from './images.ts';

let server: TestServer;
let avi: string;
let eli: string;
let other: string;
let callId: string;

const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

async function create(options: { token?: string | null; key?: string; length: number; parentID?: string; fileID?: string }) {
  const headers: Record<string, string> = {
    'Tus-Resumable': '1.0.0',
    'Upload-Length': String(options.length),
    'Upload-Metadata': meta({
      key: options.key ?? randomUUID(),
      parentType: 'serviceCalls',
      parentID: options.parentID ?? callId,
      fileID: options.fileID ?? newId(),
      filename: 'photo.jpg',
    }),
  };
  if (options.token !== null) headers.authorization = options.token ?? avi;
  return fetch(`${server.baseUrl}/api/files/uploads`, { method: 'POST', headers });
}

const locationOf = (res: Response) => `${server.baseUrl}${res.headers.get('location') ?? ''}`;

function patch(url: string, offset: number, part: Buffer, token: string | null = avi) {
  const headers: Record<string, string> = { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' };
  if (token) headers.authorization = token;
  return fetch(url, { method: 'PATCH', headers, body: part });
}

function head(url: string, token: string | null = avi) {
  return fetch(url, { method: 'HEAD', headers: token ? { authorization: token, 'Tus-Resumable': '1.0.0' } : { 'Tus-Resumable': '1.0.0' } });
}

type Finished = { APIResponseCode: number; fileId?: string; deduplicated?: boolean; error?: { messageKey: string } };

const finish = (url: string, key: string, token: string = avi) =>
  call<Finished>(server, 'POST', `${new URL(url).pathname}/finish`, { token, body: [], idempotencyKey: key });

async function filesOfCall(): Promise<string[]> {
  const db = openDatabase(server.database);
  try {
    return (await db.all(db.q.selectFrom('files').select('id').where('parentId', '=', callId))).map((f) => f.id);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  server = await startTestServer();
  avi = (await loginAs(server, 'avi')).token;
  eli = (await loginAs(server, 'eli')).token;
  other = (await loginAs(server, 'other', 2002)).token;
  callId = newId();
  const created = await call(server, 'POST', '/api/binyan/service-calls', {
    token: avi,
    body: { id: callId, buildingId: 101, domain: 'plumbing', description: 'Water leak under the stairs' },
  });
  expect(created.status).toBe(201);
});
afterAll(async () => server.close());

describe('a photo in parts', () => {
  it('continues from the offset the server kept after a cut, and attaches the photo once on a replayed finish', async () => {
    const jpeg = await testJpeg(301);
    const key = randomUUID();
    const fileID = newId();
    const created = await create({ key, length: jpeg.length, fileID });
    expect(created.status).toBe(201);
    expect(created.headers.get('upload-offset')).toBe('0');
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    const url = locationOf(created);
    const half = Math.floor(jpeg.length / 2);
    expect((await patch(url, 0, jpeg.subarray(0, half))).status).toBe(204);
    // The device lost its state (the app closed): creating again with its key finds the same upload.
    const again = await create({ key, length: jpeg.length, fileID });
    expect(locationOf(again)).toBe(url);
    expect(again.headers.get('upload-offset')).toBe(String(half));
    expect((await head(url)).headers.get('upload-offset')).toBe(String(half));
    // A part at the wrong offset is a conflict that names the right one; nothing is written.
    const wrong = await patch(url, 0, jpeg.subarray(0, 10));
    expect(wrong.status).toBe(409);
    expect(wrong.headers.get('upload-offset')).toBe(String(half));
    const rest = await patch(url, half, jpeg.subarray(half));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(jpeg.length));

    const entryKey = randomUUID();
    const first = await finish(url, entryKey);
    expect(first.body.APIResponseCode, first.text).toBe(0);
    expect(first.body.fileId).toBe(fileID);
    const replay = await finish(url, entryKey);
    expect(replay.text).toBe(first.text);
    const image = await fetch(`${server.baseUrl}/api/files/getImg?src=${fileID}`, { headers: { authorization: avi } });
    expect(image.status).toBe(200);
    expect(await filesOfCall()).toEqual([fileID]);
  });

  it('refuses a finish before every byte arrived', async () => {
    const jpeg = await testJpeg(302);
    const url = locationOf(await create({ length: jpeg.length }));
    await patch(url, 0, jpeg.subarray(0, 100));
    const early = await finish(url, randomUUID());
    expect(early.body.APIResponseCode).toBeGreaterThan(0);
  });

  it('refuses a photo over the size limit at creation, and a part beyond the announced length', async () => {
    expect((await create({ length: uploadLimits.maxFileBytes + 1 })).status).toBe(413);
    const url = locationOf(await create({ length: 10 }));
    expect((await patch(url, 0, Buffer.alloc(11))).status).toBe(400);
  });
});

describe('whose upload it is', () => {
  it('is its creator’s only: another user, a supplier, another company and nobody signed in cannot see, continue or finish it', async () => {
    const jpeg = await testJpeg(303);
    const url = locationOf(await create({ length: jpeg.length }));
    for (const token of [eli, other]) {
      expect((await head(url, token)).status).toBe(404);
      expect((await patch(url, 0, jpeg, token)).status).toBe(404);
    }
    expect((await head(url, null)).status).toBe(401);
    expect((await patch(url, 0, jpeg, null)).status).toBe(401);
    await patch(url, 0, jpeg);
    for (const token of [eli, other]) expect((await finish(url, randomUUID(), token)).body.APIResponseCode).toBeGreaterThan(0);
    expect((await head(url)).headers.get('upload-offset')).toBe(String(jpeg.length));
  });

  it('is created only for a record the caller may change', async () => {
    expect([403, 404]).toContain((await create({ token: other, length: 100 })).status);
    expect((await create({ token: null, length: 100 })).status).toBe(401);
  });
});

describe('expiry', () => {
  it('purges an upload nobody continued within its idle days, with its parts', async () => {
    const url = locationOf(await create({ length: 1000 }));
    await patch(url, 0, Buffer.alloc(500));
    const later = new Date(server.clock.now().getTime() + 8 * 86_400_000);
    const db = openDatabase(server.database);
    try {
      const purged = await purgeExpired({ db, now: () => later, signInLimits: signInLimitsWith(), usageLimits: usageLimitsWith() });
      expect(purged.resumableUploads).toBeGreaterThanOrEqual(1);
      expect(await db.all(db.q.selectFrom('resumable_upload_parts').select('uploadId'))).toEqual([]);
      expect(
        await db.all(
          db.q
            .selectFrom('resumable_uploads')
            .select('id')
            .where('id', '=', url.split('/').pop() ?? ''),
        ),
      ).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
