// Web Push from the server (issue 16): a message sent by push reaches a subscribed tenant's push
// endpoint signed with the server's VAPID key and encrypted for that subscription (RFC 8291, aes128gcm):
// the test decrypts it with the subscription's private key. The endpoint is a push service's address
// (the server posts nowhere else: pushEndpoints.test.ts); the test's TLS agent carries its connections
// to a local HTTPS server holding a certificate for that name.
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AgentOptions } from 'node:https';
import { connect } from 'node:tls';
import type { ConnectionOptions } from 'node:tls';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webPush from 'web-push';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPushProvider } from '../src/messaging/webPush.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Received = { headers: Record<string, string | string[] | undefined>; body: Buffer };

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 decryption of one aes128gcm record, as a browser does it. */
function decrypt(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = uaPrivate.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPrivate.getPublicKey(), serverPublic]);
  const ikm = hkdf(shared, authSecret, keyInfo, 32);
  const key = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** A throw-away certificate for the local push endpoint (push services are HTTPS only). */
function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'binyan-push-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-subj',
        '/CN=fcm.googleapis.com',
        '-addext',
        'subjectAltName=DNS:fcm.googleapis.com',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An agent whose every connection goes to the local push endpoint (the TLS name stays the service's). */
class LocalPushService extends Agent {
  constructor(
    options: AgentOptions,
    private readonly port: () => number,
  ) {
    super(options);
  }

  override createConnection(options: ConnectionOptions) {
    return connect({ ...options, host: '127.0.0.1', port: this.port() });
  }
}

const tls = selfSigned();
const vapid = webPush.generateVAPIDKeys();
let server: TestServer;
const received: Received[] = [];
const endpoint = createServer(tls, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(201).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const agent = new LocalPushService({ ca: tls.cert }, () => (endpoint.address() as AddressInfo).port);
  server = await startTestServer({ deliveryIntervalMs: 50, pushProvider: webPushProvider(async () => vapid, { agent }) });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => endpoint.close(() => resolve()));
});

describe('web push', () => {
  it('encrypts the message for the tenant’s subscription and signs it with the server’s VAPID key', async () => {
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const auth = randomBytes(16);
    const url = `https://fcm.googleapis.com/fcm/send/${newId()}`;
    const moshe = (await loginAs(server, 'moshe')).token;
    const publicKey = (await call<{ publicKey: string }>(server, 'GET', '/api/binyan/push/public-key', { token: moshe })).body.publicKey;
    const subscribed = await call(server, 'POST', '/api/binyan/push-subscriptions', {
      token: moshe,
      body: { endpoint: url, keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url') }, language: 'he' },
    });
    expect(subscribed.status).toBe(201);

    const rina = (await loginAs(server, 'rina')).token;
    const sent = await call<{ record: { id: string } }>(server, 'POST', '/api/binyan/messages', {
      token: rina,
      body: { id: newId(), buildingId: 101, subject: 'החלפת מנעול בכניסה', body: 'המנעול יוחלף מחר בבוקר.', owners: true, channels: ['push'] },
    });
    expect(sent.status).toBe(201);
    for (let i = 0; i < 200 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 25));

    expect(received).toHaveLength(1);
    const [push] = received;
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(publicKey).toBe(vapid.publicKey);
    expect(String(push?.headers.authorization)).toContain(`k=${vapid.publicKey}`);
    const note = JSON.parse(decrypt(push?.body ?? Buffer.alloc(0), ua, auth)) as Record<string, string>;
    expect(note).toEqual({ title: 'החלפת מנעול בכניסה', body: 'המנעול יוחלף מחר בבוקר.', url: `/announcements?message=${sent.body.record.id}`, lang: 'he' });
  });
});
