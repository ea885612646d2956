import Fastify from 'fastify';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isCompressibleType, MIN_COMPRESSED_BYTES, preferredEncoding, registerCompression } from './compression.ts';

describe('preferredEncoding', () => {
  it('prefers brotli, by the q-values of Accept-Encoding', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe('br');
    expect(preferredEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0.5, br;q=0')).toBe('gzip');
  });

  it('answers plain when nothing is accepted or plain is preferred', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('*;q=0')).toBeNull();
    expect(preferredEncoding('identity;q=1, gzip;q=0.5')).toBeNull();
    expect(preferredEncoding('gzip;q=abc')).toBeNull();
  });
});

describe('isCompressibleType', () => {
  it('takes the text the server makes and leaves images, PDFs and streams of events', () => {
    for (const type of ['application/json; charset=utf-8', 'text/plain', 'text/csv; charset=utf-8', 'application/problem+json', 'text/html'])
      expect(isCompressibleType(type), type).toBe(true);
    for (const type of ['image/png', 'image/svg+xml', 'application/pdf', 'application/octet-stream', 'text/event-stream', 'application/zip', undefined])
      expect(isCompressibleType(type), type).toBe(false);
  });
});

describe('registerCompression', () => {
  const big = { records: Array.from({ length: 200 }, (_, i) => ({ id: `call-${i}`, description: 'נזילה מתחת למדרגות' })) };

  async function app() {
    const server = Fastify();
    registerCompression(server);
    server.get('/list', async () => big);
    server.get('/small', async () => ({ ok: true }));
    server.get('/kept', async (_req, reply) => reply.header('Cache-Control', 'no-transform').send(big));
    server.get('/download', async (_req, reply) => reply.header('Content-Disposition', 'attachment; filename="calls.json"').send(big));
    server.get('/encoded', async (_req, reply) =>
      reply
        .header('Content-Encoding', 'br')
        .type('application/json')
        .send(Buffer.alloc(2 * MIN_COMPRESSED_BYTES, 1)),
    );
    server.get('/empty', async (_req, reply) => reply.code(204).send());
    return server;
  }

  it('compresses a large answer with Vary, and only that one', async () => {
    const server = await app();
    const list = await server.inject({ url: '/list', headers: { 'accept-encoding': 'br' } });
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toBe('Accept-Encoding');
    expect(Number(list.headers['content-length'])).toBe(list.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(list.rawPayload).toString())).toEqual(big);
    for (const url of ['/small', '/kept', '/download', '/empty']) {
      const r = await server.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(r.headers['content-encoding'], url).toBeUndefined();
      expect(r.headers.vary, url).toBeUndefined();
    }
    // Already encoded by its route: sent as it is.
    const encoded = await server.inject({ url: '/encoded', headers: { 'accept-encoding': 'gzip' } });
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(encoded.rawPayload.equals(Buffer.alloc(2 * MIN_COMPRESSED_BYTES, 1))).toBe(true);
    await server.close();
  });
});
