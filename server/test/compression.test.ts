// Answers travel compressed (issue 28): a list the worker pulls arrives as brotli or gzip when the client
// accepts it and as plain JSON when not, decoding to the same answer; a stored file (an image) is never
// encoded; a mutation's stored answer is the same bytes whether the first answer or its repeat was encoded.
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, params, startTestServer } from './harness.ts';
import { b64 } from './images.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await loginAs(server, 'miri')).token;
});
afterAll(async () => server.close());

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One request as the bytes travel (fetch would decode them), with this Accept-Encoding (none when undefined). */
function raw(method: string, path: string, acceptEncoding: string | undefined, options: { body?: unknown; idempotencyKey?: string } = {}): Promise<Raw> {
  const headers: Record<string, string> = { authorization: token, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  return new Promise((resolve, reject) => {
    const req = request(server.baseUrl + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

function decoded(reply: Raw): Buffer {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body);
  if (encoding === 'gzip') return gunzipSync(reply.body);
  return reply.body;
}

const LIST = '/api/binyan/service-calls?tab=open';

describe('compressed API answers', () => {
  it('sends a long list as brotli, as gzip, or plain, as the client accepts, each decoding to the same JSON', async () => {
    const plain = await raw('GET', LIST, undefined);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(4096);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Another client's coding would have changed the bytes: a cache must tell them apart.
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const records = (JSON.parse(plain.body.toString()) as { records: { id: string }[] }).records;
    expect(records.length).toBeGreaterThan(5);

    const cases = [
      { acceptEncoding: 'gzip, deflate, br', encoding: 'br' },
      { acceptEncoding: 'gzip', encoding: 'gzip' },
      { acceptEncoding: 'br;q=0.2, gzip;q=0.8', encoding: 'gzip' },
      { acceptEncoding: '*', encoding: 'br' },
      { acceptEncoding: 'br;q=0, gzip;q=0', encoding: undefined },
      { acceptEncoding: 'identity', encoding: undefined },
    ];
    for (const { acceptEncoding, encoding } of cases) {
      const r = await raw('GET', LIST, acceptEncoding);
      expect(r.status, acceptEncoding).toBe(200);
      expect(r.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(r.headers.vary, acceptEncoding).toMatch(/Accept-Encoding/);
      expect(r.headers['content-type'], acceptEncoding).toMatch(/^application\/json/);
      expect(Number(r.headers['content-length']), acceptEncoding).toBe(r.body.length);
      if (encoding) expect(r.body.length, acceptEncoding).toBeLessThan(plain.body.length / 3);
      expect(
        (JSON.parse(decoded(r).toString()) as { records: { id: string }[] }).records.map((c) => c.id),
        acceptEncoding,
      ).toEqual(records.map((c) => c.id));
    }
  });

  it('leaves small answers and HEAD plain', async () => {
    const health = await raw('GET', '/api/health', 'br, gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    const head = await raw('HEAD', LIST, 'br, gzip');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('never encodes an image from /api/files/getImg', async () => {
    // Noise: a PNG well over the size where answers are compressed.
    const noise = Buffer.from(Array.from({ length: 64 * 64 * 3 }, (_, i) => (i * 7919) % 251));
    const png = await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer();
    const calls = await call<{ records: { id: string }[] }>(server, 'GET', LIST, { token });
    const callId = calls.body.records[0]?.id ?? '';
    const stored = await call<{ APIResponseCode: number; fileId?: string }>(server, 'POST', '/api/files/upload/B64', {
      token,
      body: params({
        parentType: 'serviceCalls',
        parentID: callId,
        orgID: 1001,
        fileID: newId(),
        createdBy: 0,
        srcFileName: 'noise.png',
        base64String: b64(png),
      }),
    });
    expect(stored.body.APIResponseCode, stored.text).toBe(0);
    const path = `/api/files/getImg?src=${stored.body.fileId ?? ''}`;
    const plain = await raw('GET', path, undefined);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(2048);
    const asked = await raw('GET', path, 'gzip, deflate, br');
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.headers['content-type']).toBe(plain.headers['content-type']);
    expect(asked.headers.vary).toBe('Cookie, Authorization');
    expect(asked.body.equals(plain.body)).toBe(true);
  });

  it('answers a repeated mutation with the same bytes as its first answer, encoded or not', async () => {
    const key = newId();
    const body = { id: newId(), buildingId: 101, domain: 'plumbing', description: 'נזילה מתחת למדרגות בקומת הכניסה. '.repeat(30) };
    const first = await raw('POST', '/api/binyan/service-calls', 'br', { body, idempotencyKey: key });
    expect(first.status, first.body.toString()).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const repeat = await raw('POST', '/api/binyan/service-calls', 'gzip', { body, idempotencyKey: key });
    expect(repeat.headers['content-encoding']).toBe('gzip');
    const plainRepeat = await raw('POST', '/api/binyan/service-calls', undefined, { body, idempotencyKey: key });
    expect(plainRepeat.headers['content-encoding']).toBeUndefined();
    expect(decoded(repeat).equals(decoded(first))).toBe(true);
    expect(plainRepeat.body.equals(decoded(first))).toBe(true);
  });
});
