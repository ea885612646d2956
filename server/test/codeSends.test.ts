// Sign-in and deposit codes (issue 27 §2, §3): they go out through real channels — the SmsProvider, the
// SMTP mail provider for a user who chose e-mail, the dialer for a call — once the code is stored, and
// never to the log then; every send counts per phone, per client address and per day, in the database
// (two servers on one database share the counts); a start repeated while its code works answers the
// same challenge and sends nothing, and the re-sends of one code are capped. 429 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import type { CodeCall, DialResult } from '../src/gates/gateDialer.ts';
import type { Sms } from '../src/messaging/providers.ts';
import { smtpMailProvider } from '../src/messaging/smtpMail.ts';
import { sha256Hex } from '../src/util/crypto.ts';
import type { TestServer, TestServerOptions } from './harness.ts';
import { call, newId, startTestServer } from './harness.ts';
import type { SmtpSink } from './smtpSink.ts';
import { startSmtpSink } from './smtpSink.ts';

type Start = { codeSent?: boolean; otpGuid?: string; sendMethod?: string; sentByCallInsteadOfEmail?: boolean; error?: { code: string; messageKey: string } };

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** Each send with whether its code was already stored (committed: seen from another connection) when it went out. */
const smsSent: { sms: Sms; stored: Promise<boolean> }[] = [];
const callsPlaced: { call: CodeCall; stored: Promise<boolean> }[] = [];
let sink: SmtpSink;
let server: TestServer;
let second: TestServer;
let db: Database;

/** Whether a challenge to this phone with this code is stored, as another connection sees the database. */
async function challengeStored(phone: string, code: string): Promise<boolean> {
  const rows = await db.all(db.q.selectFrom('otp_challenges').select(['otpGuid', 'codeHash']).where('phone', '=', phone));
  return rows.some((r) => r.codeHash === sha256Hex(`${r.otpGuid}:${code}`));
}

async function depositStored(code: string): Promise<boolean> {
  const rows = await db.all(db.q.selectFrom('deposit_confirmations').select(['ChecksHeaderGuid', 'codeHash']));
  return rows.some((r) => r.codeHash === sha256Hex(`deposit:${r.ChecksHeaderGuid}:${code}`));
}

const codeOf = (text: string) => /\b(\d{5})\b/.exec(text)?.[1] ?? '';

const dialed: DialResult = { status: 'dialed', reason: null };
function providers(): TestServerOptions {
  return {
    smsProvider: {
      send: async (sms) => {
        smsSent.push({ sms, stored: challengeStored(sms.to, codeOf(sms.text)) });
      },
    },
    gateDialer: {
      dial: async () => dialed,
      ringWithCode: async (c) => {
        // A deposit call's code is the caller's last 6 digits, a sign-in's its last 5.
        callsPlaced.push({ call: c, stored: (async () => (await depositStored(c.from.slice(-6))) || challengeStored(c.to, c.from.slice(-5)))() });
        return dialed;
      },
    },
    mailProvider: smtpMailProvider(sink.url, 'Binyan <no-reply@binyan.test>'),
    trustProxy: true,
    usageLimits: {
      codeSendsPerPhone: { max: 4, windowMs: hour },
      codeSendsPerPhoneDay: { max: 6, windowMs: day },
      codeSendsPerAddress: { max: 8, windowMs: hour },
      depositCodeSendsPerUser: { max: 2, windowMs: hour },
    },
  };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer(providers());
  second = await startTestServer({ ...providers(), sharing: server });
  db = openDatabase(server.database);
});
afterAll(async () => {
  await db?.close();
  await second?.close();
  await server?.close();
  await sink?.close();
});

/** Both servers' clocks: their windows and codes expire alike. */
function advance(ms: number): void {
  server.clock.advance(ms);
  second.clock.advance(ms);
}

async function until<T>(what: string, find: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`no ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

// Every test asks from its own client address (the server trusts the proxy header here).
const from = (address: string) => ({ 'x-forwarded-for': address });
const otpStart = (user: string, address: string, method = 'sms', target: TestServer = server) =>
  call<Start>(target, 'POST', '/api/auth/otp/start', {
    body: { idParam1: user, idParam2: 'demo1234', compID: 1001, appId: 2, appGuid: 'g', otpPreferredSendMethod: method },
    headers: from(address),
    idempotencyKey: null,
  });
const phoneStart = (phone: string, address: string, target: TestServer = server) =>
  call<Start>(target, 'POST', '/api/auth/phone/start', { body: { phone, otpPreferredSendMethod: 'sms' }, headers: from(address), idempotencyKey: null });
const resend = (otpGuid: string | undefined, address: string) =>
  call<Start>(server, 'POST', '/api/auth/otp/send', { body: { otpGuid }, headers: from(address), idempotencyKey: null });
const auth = (otpGuid: string | undefined, otpCode: string) =>
  call<{ sessionToken?: string; error?: { code: string } }>(server, 'POST', '/api/auth/otp/auth', { body: { otpGuid, otpCode }, idempotencyKey: null });

function expectLimited(reply: { status: number; text: string; headers: Headers }, maxSeconds: number): void {
  expect(reply.status, reply.text).toBe(429);
  expect(reply.text).toContain('errors:tooManyRequests');
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

const smsTo = (phone: string) => smsSent.filter((s) => s.sms.to === phone).length;

/** The text of a one-part mail as nodemailer encodes it (base64 or quoted-printable). */
function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

describe('codes go out through the configured channels', () => {
  it('sends an SMS through the SmsProvider once the code is stored, and writes no code to the log', async () => {
    const start = await otpStart('avi', '198.51.100.1');
    expect(start.body).toMatchObject({ codeSent: true, sendMethod: 'sms' });
    const sent = await until('SMS to avi', () => smsSent.find((s) => s.sms.to === '0521234567'));
    expect(await sent.stored).toBe(true);
    const code = codeOf(sent.sms.text);
    expect(sent.sms.text).toContain('קוד');
    expect(server.otpCodes.has('avi')).toBe(false);
    expect(server.logLines.some((l) => l.includes(code))).toBe(false);
    expect((await auth(start.body.otpGuid, code)).status).toBe(200);
  });

  it('sends by e-mail over SMTP when the user chose e-mail and has an address; without one, by a call', async () => {
    const start = await otpStart('miri', '198.51.100.2', 'email');
    expect(start.body).toMatchObject({ codeSent: true, sendMethod: 'email' });
    const mail = await until('mail to miri', () => sink.mails.find((m) => m.to.includes('miri@binyan-demo.co.il')));
    const code = codeOf(mailText(mail.raw));
    expect(code).toMatch(/^\d{5}$/);
    expect(server.otpCodes.has('miri')).toBe(false);
    expect(smsTo('0501112233')).toBe(0);
    expect((await auth(start.body.otpGuid, code)).status).toBe(200);

    const dana = await otpStart('dana', '198.51.100.2', 'email');
    expect(dana.body).toMatchObject({ codeSent: true, sendMethod: 'call', sentByCallInsteadOfEmail: true });
    const rung = await until('call to dana', () => callsPlaced.find((c) => c.call.to === '0547654321'));
    expect(await rung.stored).toBe(true);
    expect((await auth(dana.body.otpGuid, rung.call.from.slice(-5))).status).toBe(200);
  });

  it('rings the phone through the dialer for a call: the calling number’s last digits are the code', async () => {
    const start = await otpStart('avi', '198.51.100.3', 'call');
    expect(start.body).toMatchObject({ codeSent: true, sendMethod: 'call' });
    const rung = await until('call to avi', () => callsPlaced.find((c) => c.call.to === '0521234567'));
    expect(await rung.stored).toBe(true);
    expect(server.logLines.some((l) => l.startsWith('calling avi'))).toBe(false);
    expect((await auth(start.body.otpGuid, rung.call.from.slice(-5))).status).toBe(200);
  });
});

describe('code sends are limited', () => {
  it('answers twelve starts for one tenant’s phone with one SMS and one challenge, on either server, even at once', async () => {
    const moshe = '0534445566';
    const replies = [];
    for (let i = 0; i < 12; i += 1) replies.push(await phoneStart(moshe, '198.51.100.4', i % 2 === 0 ? server : second));
    expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(replies.map((r) => r.body.otpGuid)).size).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(smsTo(moshe)).toBe(1);

    const tali = '0545556677';
    const together = await Promise.all(Array.from({ length: 6 }, (_, i) => phoneStart(tali, '198.51.100.5', i % 2 === 0 ? server : second)));
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(together.map((r) => r.body.otpGuid)).size).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(smsTo(tali)).toBe(1);
  });

  it('re-sends one code at most twice, 30 s apart, then refuses with Retry-After until it expired', async () => {
    const yossi = '0502223344';
    const start = await otpStart('yossi', '198.51.100.6');
    expectLimited(await resend(start.body.otpGuid, '198.51.100.6'), 30);
    for (let i = 0; i < 2; i += 1) {
      advance(31_000);
      expect((await resend(start.body.otpGuid, '198.51.100.6')).body).toMatchObject({ codeSent: true, otpGuid: start.body.otpGuid });
    }
    advance(31_000);
    expectLimited(await resend(start.body.otpGuid, '198.51.100.6'), 5 * 60);
    expect(smsTo(yossi)).toBe(3);
  });

  it('limits the codes sent to one phone per hour and per day, counted in the database for every server', async () => {
    const rina = '0523334455';
    const address = '198.51.100.7';
    const start = await otpStart('rina', address);
    for (let i = 0; i < 2; i += 1) {
      advance(31_000);
      expect((await resend(start.body.otpGuid, address)).status).toBe(200);
    }
    // Once this code expired, a new start is a new send: the fourth of the hour.
    advance(5 * minute);
    const fourth = await otpStart('rina', address, 'sms', second);
    expect(fourth.body.otpGuid).not.toBe(start.body.otpGuid);
    advance(31_000);
    expectLimited(await resend(fourth.body.otpGuid, address), 3600);
    expect(smsTo(rina)).toBe(4);
    const counted = await db.first(db.q.selectFrom('rate_limits').select('count').where('scope', '=', 'usage.codeSendsPerPhone').where('key', '=', rina));
    expect(counted?.count).toBe(4);

    // The next hour: two more make six of the day, the day's limit.
    advance(hour);
    const nextHour = await otpStart('rina', address, 'sms', second);
    expect(nextHour.body.codeSent).toBe(true);
    advance(31_000);
    expect((await resend(nextHour.body.otpGuid, address)).status).toBe(200);
    advance(5 * minute);
    const refused = await otpStart('rina', address);
    expectLimited(refused, 24 * 3600);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect(smsTo(rina)).toBe(6);
  });

  it('limits the codes one client address asks for, whatever the phones, with or without an account', async () => {
    const address = '198.51.100.8';
    for (let i = 0; i < 8; i += 1) expect((await phoneStart(`05200000${10 + i}`, address)).status).toBe(200);
    const ninth = await phoneStart('0520000099', address, second);
    expectLimited(ninth, 3600);
    // A tenant's phone from that address is refused alike (the refusal tells nothing about accounts).
    expect((await phoneStart('0534445566', address)).status).toBe(429);
    expect((await phoneStart('0520000099', '198.51.100.9')).status).toBe(200);
  });
});

describe('deposit codes', () => {
  type Group = { ID: number; ChecksHeaderGuid: string };
  type Deposit = { callStarted?: boolean; confirmed?: boolean; error?: { code: string } };

  it('call through the dialer once the code is stored; a repeat within 30 s or of the same key calls nobody; calls per user are limited', async () => {
    // avi signs in with the code his SMS brought.
    const start = await otpStart('avi', '198.51.100.10');
    const sms = await until('SMS', () => smsSent.filter((s) => s.sms.to === '0521234567').at(-1));
    const login = await call<{ sessionToken: string; user: { workerGUID: string } }>(server, 'POST', '/api/auth/otp/auth', {
      body: { otpGuid: start.body.otpGuid, otpCode: codeOf(sms.sms.text) },
      idempotencyKey: null,
    });
    expect(login.status, login.text).toBe(200);
    const token = login.body.sessionToken;
    const toFill = (await call<{ records: Group[] }>(server, 'GET', '/api/binyan/check/toFill', { token })).body.records;
    const groups: Group[] = [];
    for (const id of [5001, 5003]) {
      const group = toFill.find((g) => g.ID === id);
      if (!group) throw new Error(`seeded payment ${id}`);
      const sent = await call(server, 'PUT', '/api/binyan/check/submitChecksHeader', {
        token,
        body: { ...group, WorkerGuid: login.body.user.workerGUID, SendAnyway: true },
      });
      expect(sent.status, sent.text).toBe(200);
      groups.push(group);
    }
    const [first, other] = groups.map((g) => g.ChecksHeaderGuid);
    const depositStart = (guid: string | undefined, key = newId(), target = server) =>
      call<Deposit>(target, 'POST', '/api/binyan/check/deposit/start', { token, body: { ChecksHeaderGuid: guid }, idempotencyKey: key });
    const callsToAvi = () => callsPlaced.filter((c) => c.call.to === '0521234567' && c.call.from.startsWith('07'));

    const key = newId();
    const started = await depositStart(first, key);
    expect(started.body).toMatchObject({ callStarted: true });
    const rung = await until('deposit call', () => callsToAvi()[0]);
    expect(await rung.stored).toBe(true);
    expect(server.depositCodes.size).toBe(0);
    // A double tap, and a repeat of the key later: the same answer, no call.
    expect((await depositStart(first, newId(), second)).body).toMatchObject({ callStarted: true });
    advance(31_000);
    const repeat = await depositStart(first, key);
    expect(repeat.text).toBe(started.text);
    await new Promise((r) => setTimeout(r, 100));
    expect(callsToAvi()).toHaveLength(1);

    // The user's second call (another payment), then the limit of two an hour.
    expect((await depositStart(other)).body).toMatchObject({ callStarted: true });
    advance(31_000);
    expectLimited(await depositStart(first, newId(), second), 3600);
    expect(callsToAvi()).toHaveLength(2);
    const counted = await db.first(db.q.selectFrom('rate_limits').select('count').where('scope', '=', 'usage.depositCodeSendsPerUser'));
    expect(counted?.count).toBe(2);

    // The first call's code still confirms its payment.
    const confirmed = await call<Deposit>(server, 'POST', '/api/binyan/check/deposit/confirm', {
      token,
      body: { ChecksHeaderGuid: first, code: rung.call.from.slice(-6) },
    });
    expect(confirmed.body, confirmed.text).toMatchObject({ confirmed: true });
  });
});
