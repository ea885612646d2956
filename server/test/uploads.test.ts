// Uploads (spec 5, 7, 8): only whole images, re-encoded without their metadata, within the limits of
// src/lib/uploadLimits.ts, for a parent record of the caller's company; refusals answer the request's
// Idempotency-Key so the device classifies them as refusals.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFileSize, uploadLimits } from '../../src/lib/uploadLimits.ts';
import type { Reply, TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { b64, corruptJpeg, testJpeg, testPng } from './images.ts';

type Answer = {
  APIResponseCode: number;
  APIResponseText: string;
  idempotencyKey: string | null;
  fileId: string;
  url: string;
  deduplicated: boolean;
  files?: { fileId: string }[];
  error?: { code: string; messageKey: string; field?: string; params?: Record<string, string | number> };
  record?: Record<string, unknown> & { id: string; version: number };
};

type Param = { paramName: string; paramValue: string | number; paramType: number };

let server: TestServer;
let avi: string;
let other: string;
let callId: string;
let theirCallId: string;
let seed = 100;

const param = (paramName: string, paramValue: string | number): Param => ({ paramName, paramValue, paramType: typeof paramValue === 'number' ? 8 : 12 });

async function upload(
  files: Buffer[],
  options: { token?: string; parentType?: string; parentID?: string; key?: string; extra?: Param[] } = {},
): Promise<Reply<Answer>> {
  const body = [
    param('parentType', options.parentType ?? 'serviceCalls'),
    param('parentID', options.parentID ?? callId),
    param('orgID', 1001),
    param('createdBy', 1),
    ...files.flatMap((data, i) => [param('fileID', newId()), param('srcFileName', `photo-${i}.jpg`), param('base64String', b64(data))]),
    ...(options.extra ?? []),
  ];
  return call<Answer>(server, 'POST', '/api/files/upload/B64', { token: options.token ?? avi, body, idempotencyKey: options.key ?? randomUUID() });
}

const image = (id: string, token = avi) => fetch(`${server.baseUrl}/api/files/getImg?src=${encodeURIComponent(id)}`, { headers: { authorization: token } });

function expectRefusal(reply: Reply<Answer>, key: string, messageKey: string): void {
  // Style 2: HTTP 200, a non-zero code, and this request's key (header and body), never a stored success.
  expect(reply.status).toBe(200);
  expect(reply.body.APIResponseCode, reply.text).toBeGreaterThan(0);
  expect(reply.body.error?.messageKey).toBe(`errors:${messageKey}`);
  expect(reply.headers.get('idempotency-key')).toBe(key);
  expect(reply.body.idempotencyKey).toBe(key);
}

beforeAll(async () => {
  server = await startTestServer();
  avi = (await loginAs(server, 'avi')).token;
  other = (await loginAs(server, 'other', 2002)).token;
  callId = newId();
  const created = await call(server, 'POST', '/api/binyan/service-calls', {
    token: avi,
    body: { id: callId, buildingId: 101, domain: 'plumbing', description: 'Water leak under the stairs' },
  });
  expect(created.status).toBe(201);
  theirCallId = String(
    (await call<{ records: { id: string }[] }>(server, 'GET', '/api/binyan/service-calls?buildingId=201', { token: other })).body.records[0]?.id,
  );
});
afterAll(async () => server.close());

describe('what an upload may be', () => {
  it('stores a JPEG re-encoded, without its EXIF metadata', async () => {
    const original = await testJpeg((seed += 1), { copyright: 'GPS 32.0853 34.7818 secret-owner' });
    expect(original.includes('secret-owner')).toBe(true);
    const r = await upload([original]);
    expect(r.body).toMatchObject({ APIResponseCode: 0, deduplicated: false });
    const stored = Buffer.from(await (await image(r.body.fileId)).arrayBuffer());
    expect(stored.includes('secret-owner')).toBe(false);
    expect(stored.equals(original)).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 16, height: 16 });
    expect(meta.exif).toBeUndefined();
  });

  it('turns a PNG of a call into a JPEG, and stores a repeat once', async () => {
    const png = await testPng((seed += 1));
    const first = await upload([png]);
    expect(first.body).toMatchObject({ APIResponseCode: 0, deduplicated: false });
    expect((await image(first.body.fileId)).headers.get('content-type')).toBe('image/jpeg');
    expect((await upload([png])).body).toMatchObject({ fileId: first.body.fileId, deduplicated: true });
  });

  it('refuses what is not an image, and answers the request key so the device stops retrying', async () => {
    const key = randomUUID();
    const r = await upload([Buffer.from('%PDF-1.7 not an image at all')], { key });
    expectRefusal(r, key, 'onlyImageAllowed');
    expect(r.body.error?.field).toBe('base64String');
    // Not stored under the key: the same key may be sent again after a fix.
    expectRefusal(await upload([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')], { key }), key, 'onlyImageAllowed');
  });

  it('refuses a JPEG whose header is fine and whose data is garbage', async () => {
    const key = randomUUID();
    const corrupt = await corruptJpeg((seed += 1));
    expect(corrupt.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expectRefusal(await upload([corrupt], { key }), key, 'onlyImageAllowed');
  });

  it('takes only JPEG for check images', async () => {
    const group = (await call<{ records: { checks: { CheckGuid: string }[] }[] }>(server, 'GET', '/api/binyan/check/toFill', { token: avi })).body.records.find(
      (g) => g.checks.length > 0,
    );
    const checkGuid = String(group?.checks[0]?.CheckGuid);
    const key = randomUUID();
    expectRefusal(await upload([await testPng((seed += 1))], { parentType: 'checks', parentID: checkGuid, key }), key, 'onlyImageAllowed');
    expect((await upload([await testJpeg((seed += 1))], { parentType: 'checks', parentID: checkGuid })).body.APIResponseCode).toBe(0);
  });

  it('refuses a file over the size limit, naming the limit', async () => {
    const key = randomUUID();
    const big = Buffer.concat([await testJpeg((seed += 1)), Buffer.alloc(uploadLimits.maxFileBytes)]);
    const r = await upload([big], { key });
    expectRefusal(r, key, 'fileTooLarge');
    const size = formatFileSize(uploadLimits.maxFileBytes);
    expect(r.body.error?.params).toEqual({ size });
    expect(r.body.APIResponseText).toBe(`File size must be under ${size}`);
  });

  it('takes several files in one request up to the limit, and refuses more, naming the limit', async () => {
    const two = [await testJpeg((seed += 1)), await testJpeg((seed += 1))];
    const ok = await upload(two);
    expect(ok.body.APIResponseCode).toBe(0);
    expect(ok.body.files?.map((f) => f.fileId)).toHaveLength(2);
    const key = randomUUID();
    const many = await Promise.all(Array.from({ length: uploadLimits.maxFiles + 1 }, () => testJpeg((seed += 1))));
    const r = await upload(many, { key });
    expectRefusal(r, key, 'maxFilesExceeded');
    expect(r.body.error?.params).toEqual({ count: uploadLimits.maxFiles });
    expect(r.body.APIResponseText).toBe(`You can attach up to ${uploadLimits.maxFiles} files`);
  });
});

describe('whose record an upload belongs to', () => {
  it("refuses an unknown parent type, a missing parent and another company's parent", async () => {
    const jpeg = await testJpeg((seed += 1));
    const unknown = await upload([jpeg], { parentType: 'buildingsLogo' });
    expect(unknown.body).toMatchObject({ APIResponseCode: 1, error: { field: 'parentType' } });
    expect((await upload([jpeg], { parentID: newId() })).body).toMatchObject({ APIResponseCode: 2, error: { code: 'NOT_FOUND' } });
    const theirs = await upload([jpeg], { parentID: theirCallId });
    expect(theirs.body).toMatchObject({ APIResponseCode: 3, error: { code: 'FORBIDDEN' } });
    // Nothing was stored: the same image is new for the own call.
    expect((await upload([jpeg])).body).toMatchObject({ APIResponseCode: 0, deduplicated: false });
  });

  it("refuses a reading or a check that points at another company's file", async () => {
    const meter = (await call<{ records: { id: string }[] }>(server, 'GET', '/api/binyan/buildings/101/meters', { token: avi })).body.records[0];
    const reading = (photoId: string) =>
      call(server, 'POST', '/api/binyan/meter-readings', { token: avi, body: { id: newId(), meterId: meter?.id, current: 999_000 + (seed += 1), photoId } });
    const refused = await reading('seed-photo-2002');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
    // Its own file, or one that uploads after the reading (its parent), is fine.
    expect((await reading('seed-photo-1001')).status).toBe(201);
    expect((await reading(newId())).status).toBe(201);

    const groups = (await call<{ records: { ChecksHeaderGuid: string }[] }>(server, 'GET', '/api/binyan/check/toFill', { token: avi })).body.records;
    const check = {
      CheckGuid: newId(),
      ChecksHeaderGuid: String(groups[0]?.ChecksHeaderGuid),
      Amount: 10,
      DepositDate: '2030-01-15',
      FrontImageId: 'seed-photo-2002',
    };
    expect((await call(server, 'POST', '/api/binyan/check', { token: avi, body: check })).status).toBe(403);
    expect(
      (await call(server, 'POST', '/api/binyan/check', { token: avi, body: { ...check, BackImageId: 'seed-photo-2002', FrontImageId: null } })).status,
    ).toBe(403);
  });
});

describe('the demo photos and the small version a device keeps offline', () => {
  it('seeds real images: meter faces for readings and a picture on each open call', async () => {
    const meters = await call<{ records: { id: string }[] }>(server, 'GET', '/api/binyan/buildings/101/meters', { token: avi });
    const readings = await call<{ records: { photoId: string | null }[] }>(server, 'GET', `/api/binyan/meters/${meters.body.records[0]?.id}/readings`, {
      token: avi,
    });
    expect(readings.body.records.length).toBeGreaterThan(0);
    expect(readings.body.records.filter((r) => /^seed-meter-1001-\d$/.test(r.photoId ?? '')).length).toBeGreaterThanOrEqual(3);
    const face = await image('seed-meter-1001-1');
    expect(face.status).toBe(200);
    expect(await sharp(Buffer.from(await face.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    const open = await call<{ records: { id: string }[] }>(server, 'GET', '/api/binyan/service-calls?buildingId=101&tab=open', { token: avi });
    const seededCall = open.body.records.find((r) => r.id !== callId);
    const files = await call<{ records: { id: string; parentType: string }[] }>(server, 'GET', `/api/binyan/service-calls/${seededCall?.id}/files`, {
      token: avi,
    });
    expect(files.body.records).toEqual([expect.objectContaining({ parentType: 'serviceCalls' })]);
    const picture = await image(files.body.records[0]?.id ?? '');
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width).toBe(640);
  });

  it('answers size=small with a JPEG of at most 480 px, a different ETag, and the same rights', async () => {
    const small = await fetch(`${server.baseUrl}/api/files/getImg?src=seed-meter-1001-2&size=small`, { headers: { authorization: avi } });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/jpeg');
    expect(small.headers.get('etag')).toMatch(/-small"$/);
    const bytes = Buffer.from(await small.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 360 });
    const full = await image('seed-meter-1001-2');
    expect(bytes.length).toBeLessThan(Buffer.from(await full.arrayBuffer()).length);
    const theirs = await fetch(`${server.baseUrl}/api/files/getImg?src=seed-meter-1001-2&size=small`, { headers: { authorization: other } });
    expect(theirs.status).toBe(403);
  });
});
