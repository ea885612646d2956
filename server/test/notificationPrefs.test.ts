// Notification preferences (issue 17): a user turns channels and topics of messages off on their
// profile; the recipients preview counts them as opted out, sending skips them, and the send job skips a
// row that was queued before the user turned its channel off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailProvider } from '../src/messaging/providers.ts';
import { smtpMailProvider } from '../src/messaging/smtpMail.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import type { SmtpSink } from './smtpSink.ts';
import { startSmtpSink } from './smtpSink.ts';

type Counts = { recipients: number; queued: number; sent: number; failed: number; noAddress: number; optedOut: number };
type Report = { email: Counts; sms: Counts; push: Counts };
type Prefs = {
  channels: Record<'email' | 'sms' | 'push', boolean>;
  topics: Record<'announcements' | 'payments' | 'serviceCalls' | 'desk' | 'threads', boolean>;
};
type Preview = { recipients: number; email: { reach: number; optedOut: number }; sms: { reach: number; optedOut: number } };

const allOn: Prefs = {
  channels: { email: true, sms: true, push: true },
  topics: { announcements: true, payments: true, serviceCalls: true, desk: true, threads: true },
};

/** The e-mail of tali's contact (the demo links her account to the first renter of building 101). */
let TALI = '';
let sink: SmtpSink;
let server: TestServer;
/** The first mail waits until `release()`: the job is held busy while a test changes preferences. */
let hold: { promise: Promise<void>; release: () => void } | null = null;
const tokens = new Map<string, string>();

beforeAll(async () => {
  sink = await startSmtpSink();
  const smtp = smtpMailProvider(sink.url, 'binyan@test.example');
  const held: MailProvider = {
    send: async (mail) => {
      if (hold) await hold.promise;
      await smtp.send(mail);
    },
    close: () => smtp.close?.(),
  };
  server = await startTestServer({ mailProvider: held, deliveryIntervalMs: 50 });
  for (const name of ['rina', 'tali', 'moshe']) tokens.set(name, (await loginAs(server, name)).token);
  const contacts = (await as<{ records: { id: string; role: string; email: string | null }[] }>('rina', 'GET', '/buildings/101/contacts')).body.records;
  TALI = contacts.filter((c) => c.role === 'renter').sort((a, b) => (a.id < b.id ? -1 : 1))[0]?.email ?? '';
  expect(TALI).not.toBe('');
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const as = <T>(user: string, method: string, path: string, body?: unknown) =>
  call<T & { error?: { code: string; messageKey: string; field?: string } }>(server, method, `/api/binyan${path}`, {
    token: tokens.get(user) ?? '',
    ...(body !== undefined ? { body } : {}),
  });
const setPrefs = (user: string, prefs: Omit<Prefs, 'topics'> & { topics: Partial<Prefs['topics']> }) =>
  as<{ notifications: Prefs }>(user, 'POST', '/profile/notifications', prefs);
const send = (body: Record<string, unknown>) =>
  as<{ record: { id: string }; report: Report }>('rina', 'POST', '/messages', { id: newId(), buildingId: 101, body: 'פרטים בלובי', ...body });
async function settled(id: string): Promise<Report> {
  for (let i = 0; i < 200; i++) {
    const found = (await as<{ records: { id: string; report: Report }[] }>('rina', 'GET', '/messages?buildingId=101')).body.records.find((m) => m.id === id);
    if (found && found.report.email.queued === 0 && found.report.sms.queued === 0) return found.report;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the deliveries did not settle');
}
const mailsTo = (address: string, subject: string) => sink.mails.filter((m) => m.to.includes(address) && m.raw.includes(`Subject: ${subject}`)).length;

describe('notification preferences', () => {
  it('starts with everything on, keeps a change on the server and shows it with the profile', async () => {
    expect((await as<{ notifications: Prefs }>('moshe', 'GET', '/profile')).body.notifications).toEqual(allOn);
    const off = { ...allOn, channels: { ...allOn.channels, sms: false } };
    const saved = await setPrefs('moshe', off);
    expect(saved.status).toBe(200);
    expect((await as<{ notifications: Prefs }>('moshe', 'GET', '/profile')).body.notifications).toEqual(off);
    // Another user's preferences are their own.
    expect((await as<{ notifications: Prefs }>('tali', 'GET', '/profile')).body.notifications).toEqual(allOn);
    await setPrefs('moshe', allOn);
  });

  it('refuses preferences that are not on/off for every channel and topic', async () => {
    const reply = await as('tali', 'POST', '/profile/notifications', { channels: { email: 'no' }, topics: {} });
    expect(reply.status).toBe(422);
    expect((await as<{ notifications: Prefs }>('tali', 'GET', '/profile')).body.notifications).toEqual(allOn);
  });

  it("takes an older device's save without the front desk and conversations topics, which stay on", async () => {
    const older = { channels: allOn.channels, topics: { announcements: true, payments: false, serviceCalls: true } };
    expect((await setPrefs('tali', older)).status).toBe(200);
    expect((await as<{ notifications: Prefs }>('tali', 'GET', '/profile')).body.notifications.topics).toEqual({
      announcements: true,
      payments: false,
      serviceCalls: true,
      desk: true,
      threads: true,
    });
    await setPrefs('tali', allOn);
  });

  it('counts a renter who turned e-mail off as opted out and sends her no e-mail, but still the SMS', async () => {
    const before = (await as<Preview>('rina', 'GET', '/messages/preview?buildingId=101&renters=true')).body;
    await setPrefs('tali', { ...allOn, channels: { ...allOn.channels, email: false } });
    const after = (await as<Preview>('rina', 'GET', '/messages/preview?buildingId=101&renters=true')).body;
    expect(after.email).toEqual({ ...before.email, reach: before.email.reach - 1, optedOut: 1 });
    expect(after.sms.optedOut).toBe(0);

    const subject = 'Water cut on Sunday';
    const sent = await send({ subject, renters: true, channels: ['email', 'sms'] });
    expect(sent.status).toBe(201);
    expect(sent.body.report.email.optedOut).toBe(1);
    const report = await settled(sent.body.record.id);
    expect(report.email).toMatchObject({ sent: before.email.reach - 1, optedOut: 1, failed: 0 });
    expect(report.sms.optedOut).toBe(0);
    expect(mailsTo(TALI, subject)).toBe(0);
    await setPrefs('tali', allOn);
  });

  it('skips only the topic a user turned off', async () => {
    await setPrefs('tali', { ...allOn, topics: { ...allOn.topics, payments: false } });
    const payments = await as<Preview>('rina', 'GET', '/messages/preview?buildingId=101&renters=true&topic=payments');
    expect(payments.body.email.optedOut).toBe(1);
    const paymentsSubject = 'Payment reminder for December';
    const sent = await send({ subject: paymentsSubject, renters: true, channels: ['email'], topic: 'payments' });
    expect((await settled(sent.body.record.id)).email.optedOut).toBe(1);
    const general = 'Stairwell cleaning tomorrow';
    const other = await send({ subject: general, renters: true, channels: ['email'] });
    expect((await settled(other.body.record.id)).email.optedOut).toBe(0);
    expect(mailsTo(TALI, paymentsSubject)).toBe(0);
    expect(mailsTo(TALI, general)).toBe(1);
    await setPrefs('tali', allOn);
  });

  it('has the send job skip a queued e-mail of a user who turned e-mail off before it went out', async () => {
    let release = () => {};
    hold = { promise: new Promise<void>((r) => (release = r)), release: () => release() };
    // The job is held on the first owners' mail while the renters' message waits in the queue.
    const first = await send({ subject: 'Owners meeting', owners: true, channels: ['email'] });
    const subject = 'Elevator maintenance on Monday';
    const queued = await send({ subject, renters: true, channels: ['email'] });
    expect(queued.body.report.email.optedOut).toBe(0);
    await setPrefs('tali', { ...allOn, channels: { ...allOn.channels, email: false } });
    hold.release();
    hold = null;
    await settled(first.body.record.id);
    expect((await settled(queued.body.record.id)).email.optedOut).toBe(1);
    expect(mailsTo(TALI, subject)).toBe(0);
    await setPrefs('tali', allOn);
  });
});
