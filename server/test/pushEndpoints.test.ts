// Push subscriptions point only at push services (issue 27, item 11): a subscription is accepted only for
// an https endpoint of the known push services (no IP literal, private host, other port or user info)
// with a browser's keys; an endpoint another account holds is not taken over; a user keeps their newest
// few; and before every send the server checks again, so it never connects to a refused endpoint — not
// even one stored before the check — nor posts one account's messages to another's subscription.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Refusal = { error?: { code: string; messageKey: string; field?: string } };

let server: TestServer;
let db: Database;
/** A local listener standing for any host the server must never reach: every TCP connection is counted. */
const listener = createServer((_req, res) => res.writeHead(201).end());
let connections = 0;
listener.on('connection', () => (connections += 1));
let local = '';
const tokens = new Map<string, string>();
const contactOf = new Map<string, string>();

beforeAll(async () => {
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  local = `127.0.0.1:${(listener.address() as AddressInfo).port}`;
  // The real Web Push provider (web-push over HTTPS): nothing stands between the server and the network.
  server = await startTestServer({ deliveryIntervalMs: 50 });
  db = openDatabase(server.database);
  for (const name of ['moshe', 'tali', 'rina']) {
    const login = await loginAs(server, name);
    tokens.set(name, login.token);
    contactOf.set(name, String(login.user.contactID));
  }
});
afterAll(async () => {
  await db.close();
  await server.close();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

function browserKeys(): { p256dh: string; auth: string } {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  return { p256dh: ua.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const subscribe = (user: string, endpoint: string, keys = browserKeys()) =>
  call<Refusal>(server, 'POST', '/api/binyan/push-subscriptions', { token: tokens.get(user) ?? '', body: { endpoint, keys, language: 'he' } });

const fcm = () => `https://fcm.googleapis.com/fcm/send/${newId()}:APA91b${randomBytes(12).toString('base64url')}`;

async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(what);
}

/** A delivery row as one queued before the fix would be: `address` is the endpoint it would be posted to. */
async function queuedPush(messageId: string, contactId: string, address: string): Promise<string> {
  const id = `${messageId}:${contactId}:push:${newId()}`;
  const now = server.clock.now().toISOString();
  await db.run(
    db.q.insertInto('message_deliveries').values({
      id,
      companyId: 1001,
      messageId,
      contactId,
      channel: 'push',
      address,
      state: 'queued',
      reason: null,
      attempts: 0,
      nextAttemptAt: now,
      sentAt: null,
      updatedAt: now,
      subject: null,
      body: null,
      language: null,
    }),
  );
  return id;
}

const deliveryOf = (id: string) => db.first(db.q.selectFrom('message_deliveries').select(['state', 'reason']).where('id', '=', id));

/** A message of the building (by SMS unless told: its push rows would go to the real push services); it also wakes the send job. */
async function sendMessage(audience: { owners: boolean; renters: boolean }, channels = ['sms']): Promise<string> {
  const id = newId();
  const sent = await call(server, 'POST', '/api/binyan/messages', {
    token: tokens.get('rina') ?? '',
    body: { id, buildingId: 101, subject: 'מים', body: 'הפסקת מים מחר', ...audience, channels },
  });
  expect(sent.status, sent.text).toBe(201);
  return id;
}

describe('registering a push subscription', () => {
  it('accepts the push services’ https endpoints', async () => {
    for (const endpoint of [
      fcm(),
      `https://updates.push.services.mozilla.com/wpush/v2/gAAAAABh${randomBytes(24).toString('base64url')}`,
      `https://web.push.apple.com/QGx${randomBytes(20).toString('base64url')}`,
      `https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB${randomBytes(20).toString('base64url')}%3d%3d`,
    ])
      expect((await subscribe('tali', endpoint)).status, endpoint).toBe(201);
  });

  it('refuses any other address: another scheme, host, port, an IP literal, user info, a look-alike host', async () => {
    const refused = [
      `http://${local}/push`,
      `https://${local}/push`,
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://192.168.1.10/push',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://localhost/push',
      'https://2130706433/push',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com:443/fcm/send/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      `https://fcm.googleapis.com@${local}/x`,
      `https://fcm.googleapis.com\\@${local}/x`,
      'https://fcm.googleapis.com.attacker.example/x',
      'https://attacker.example/fcm.googleapis.com/x',
      'https://push.apple.com/x',
      'https://evilpush.apple.com.example/x',
      'https://FCM.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com./fcm/send/x',
      'https://fcm.googleapis.com/fcm/send/x#frag',
      'https://fcm.googleapis.com/fcm/send/ x',
      `https://fcm.googleapis.com/${'a'.repeat(2100)}`,
      'not a url',
    ];
    for (const endpoint of refused) {
      const reply = await subscribe('tali', endpoint);
      expect(reply.status, endpoint).toBe(422);
      expect(reply.body.error, endpoint).toMatchObject({ code: 'PUSH_ENDPOINT_REFUSED', messageKey: 'errors:pushEndpointRefused', field: 'endpoint' });
    }
    const rows = await db.all(db.q.selectFrom('push_subscriptions').select('endpoint'));
    expect(
      rows.filter(
        (r) => !r.endpoint.startsWith('https://fcm.googleapis.com/fcm/send/') && !/^https:\/\/[a-z0-9.-]+\.(mozilla|apple|windows)\.com\//.test(r.endpoint),
      ),
    ).toEqual([]);
    expect(connections).toBe(0);
  });

  it('refuses keys a browser would not make', async () => {
    const good = browserKeys();
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    for (const keys of [
      { ...good, p256dh: offCurve.toString('base64url') },
      { ...good, p256dh: good.p256dh.slice(0, 40) },
      { ...good, auth: randomBytes(8).toString('base64url') },
      { ...good, auth: 'not base64 !' },
      { p256dh: '', auth: '' },
    ]) {
      const reply = await subscribe('tali', fcm(), keys);
      expect(reply.status).toBe(422);
      expect(reply.body.error).toMatchObject({ messageKey: 'errors:invalidPushSubscription', field: 'keys' });
    }
  });

  it('never lets another account take over a subscription; the same browser may move to another account', async () => {
    const endpoint = fcm();
    const keys = browserKeys();
    expect((await subscribe('tali', endpoint, keys)).status).toBe(201);
    const takeover = await subscribe('moshe', endpoint);
    expect(takeover.status).toBe(409);
    expect(takeover.body.error).toMatchObject({ code: 'PUSH_SUBSCRIPTION_TAKEN', messageKey: 'errors:pushSubscriptionTaken' });
    const held = await db.first(db.q.selectFrom('push_subscriptions').select(['userId', 'p256dh']).where('endpoint', '=', endpoint));
    expect(held?.p256dh).toBe(keys.p256dh);
    // The same browser (it holds the subscription's keys) signed in as moshe now: his.
    expect((await subscribe('moshe', endpoint, keys)).status).toBe(201);
    const moved = await db.first(db.q.selectFrom('push_subscriptions').select('userId').where('endpoint', '=', endpoint));
    expect(moved?.userId).not.toBe(held?.userId);
  });

  it('keeps a user’s newest five subscriptions', async () => {
    const endpoints = Array.from({ length: 7 }, fcm);
    for (const endpoint of endpoints) {
      server.clock.advance(1000);
      expect((await subscribe('rina', endpoint)).status).toBe(201);
    }
    // Registering a kept one again (its keys renewed) keeps the same five.
    expect((await subscribe('rina', endpoints[6] ?? '')).status).toBe(201);
    const kept = await db.all(
      db.q
        .selectFrom('push_subscriptions')
        .innerJoin('users', 'users.id', 'push_subscriptions.userId')
        .select('endpoint')
        .where('users.userName', '=', 'rina')
        .where('users.companyId', '=', 1001),
    );
    expect(new Set(kept.map((r) => r.endpoint))).toEqual(new Set(endpoints.slice(2)));
  });
});

describe('sending by push', () => {
  it('never connects to a refused endpoint, even one stored before the check', async () => {
    const moshe = contactOf.get('moshe') ?? '';
    const moshesUser = await db.first(db.q.selectFrom('users').select('id').where('userName', '=', 'moshe').where('companyId', '=', 1001));
    await db.run(db.q.deleteFrom('push_subscriptions').where('userId', '=', moshesUser?.id ?? 0));
    // Rows of before the fix: moshe's subscriptions at the local listener.
    for (const endpoint of [`http://${local}/legacy`, `https://${local}/legacy`]) {
      await db.run(
        db.q.insertInto('push_subscriptions').values({
          endpoint,
          companyId: 1001,
          userId: moshesUser?.id ?? 0,
          p256dh: browserKeys().p256dh,
          auth: 'AAAAAAAAAAAAAAAAAAAAAA',
          language: 'he',
          createdAt: server.clock.now().toISOString(),
        }),
      );
    }
    // A new message does not take them as his address…
    const messageId = await sendMessage({ owners: true, renters: false }, ['push']);
    const queued = await db.first(db.q.selectFrom('message_deliveries').select('address').where('messageId', '=', messageId).where('contactId', '=', moshe));
    expect(queued?.address ?? null).toBeNull();
    // …and deliveries queued before the fix with them are failed at send time, not posted.
    const rows = [await queuedPush(messageId, moshe, `http://${local}/legacy`), await queuedPush(messageId, moshe, `https://${local}/legacy`)];
    await sendMessage({ owners: false, renters: true });
    for (const row of rows) {
      const done = await until('the delivery is finished', async () => {
        const delivery = await deliveryOf(row);
        return delivery && delivery.state !== 'queued' && delivery.state !== 'sending' ? delivery : undefined;
      });
      expect(done).toEqual({ state: 'failed', reason: 'endpointRefused' });
    }
    expect(connections).toBe(0);
  });

  it('posts one account’s message only to that account’s own subscription', async () => {
    const endpoint = fcm();
    expect((await subscribe('tali', endpoint)).status).toBe(201);
    // A delivery for moshe that names tali's endpoint (as an endpoint taken over before the fix would).
    const messageId = await sendMessage({ owners: true, renters: false });
    const row = await queuedPush(messageId, contactOf.get('moshe') ?? '', endpoint);
    await sendMessage({ owners: false, renters: true });
    const done = await until('the delivery is finished', async () => {
      const delivery = await deliveryOf(row);
      return delivery && delivery.state !== 'queued' && delivery.state !== 'sending' ? delivery : undefined;
    });
    expect(done).toEqual({ state: 'failed', reason: 'subscriptionGone' });
  });
});
