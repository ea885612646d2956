// Reminders of building events (issue 16): a day before a scheduled event its building's owners and
// renters are reminded by e-mail and push through the message send job — once per event and recipient,
// even when two server processes queue reminders at the same moment and the job runs again later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocalDays, israelWallClock } from '../../src/lib/dates.ts';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import { queueEventReminders, reminderIdOf } from '../src/jobs/eventReminders.ts';
import { smtpMailProvider } from '../src/messaging/smtpMail.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import type { SmtpSink } from './smtpSink.ts';
import { startSmtpSink } from './smtpSink.ts';

type Contact = { id: string; role: string; email: string | null };

let sink: SmtpSink;
let server: TestServer;
let db: Database;
let rina = '';
let soonSpan: [string, string] = ['', ''];

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ mailProvider: smtpMailProvider(sink.url, 'binyan@test.example'), deliveryIntervalMs: 50 });
  db = openDatabase(server.database);
  rina = (await loginAs(server, 'rina')).token;
});
afterAll(async () => {
  await db.close();
  await server.close();
  await sink.close();
});

const day = (n: number) => addLocalDays(israelWallClock(server.clock.now()).slice(0, 10), n);
/** The building's wall clock `minutes` from now. */
const inMinutes = (minutes: number) => israelWallClock(new Date(server.clock.now().getTime() + minutes * 60_000));
const addEvent = async (title: string, start: string, end: string) =>
  (await call<{ record: { id: string } }>(server, 'POST', '/api/binyan/building-events', { token: rina, body: { id: newId(), buildingId: 101, title, notes: 'נא לפנות את הגג', start, end } })).body.record.id;
const queue = () => queueEventReminders({ db, now: () => server.clock.now() });

async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(what);
}

describe('building event reminders', () => {
  it('reminds each owner and renter once, by e-mail and push, of an event starting within a day', async () => {
    soonSpan = [inMinutes(120), inMinutes(150)];
    const soon = await addEvent('ניקוי מרזבים', soonSpan[0], soonSpan[1]);
    const later = await addEvent('צביעת חדר מדרגות', `${day(3)}T09:00`, `${day(3)}T12:00`);
    // Two server processes queue at the same moment; then the job runs again.
    const [a, b] = await Promise.all([queue(), queue()]);
    expect(a + b).toBe(1);
    expect(await queue()).toBe(0);

    const rows = await db.all(db.q.selectFrom('message_deliveries').select(['contactId', 'channel', 'state', 'reason']).where('messageId', '=', reminderIdOf(soon)));
    const people = ((await call<{ records: Contact[] }>(server, 'GET', '/api/binyan/buildings/101/contacts', { token: rina })).body.records ?? []).filter((c) => c.role === 'owner' || c.role === 'renter' || c.role === 'committee');
    const reached = new Set(rows.map((r) => `${r.contactId}:${r.channel}`));
    expect(reached.size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['email', 'push']));
    expect(await db.first(db.q.selectFrom('messages').select('id').where('id', '=', reminderIdOf(later)))).toBeUndefined();

    const withMail = [...new Set(rows.filter((r) => r.channel === 'email' && r.reason !== 'noAddress').map((r) => r.contactId))];
    expect(withMail.length).toBeGreaterThan(0);
    expect(withMail.length).toBeLessThanOrEqual(people.length);
    const mails = await until('one reminder mail per recipient with an address', async () => {
      const arrived = sink.mails.filter((m) => m.raw.includes(reminderIdOf(soon).replace(/[^\w.-]/g, '.')));
      return arrived.length >= withMail.length ? arrived : undefined;
    });
    expect(mails).toHaveLength(withMail.length);
    const addresses = mails.flatMap((m) => m.to);
    expect(new Set(addresses).size).toBe(addresses.length);

    // Run again after delivery: nothing more goes out.
    expect(await queue()).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.mails.filter((m) => m.raw.includes(reminderIdOf(soon).replace(/[^\w.-]/g, '.')))).toHaveLength(withMail.length);
  });

  it('shows the reminder on the building’s board with the event’s time', async () => {
    const board = (await call<{ records: { id: string; subject: string; body: string }[] }>(server, 'GET', '/api/binyan/buildings/101/announcements', { token: rina })).body.records ?? [];
    const reminder = board.find((m) => m.id.startsWith('reminder:'));
    expect(reminder?.subject).toContain('ניקוי מרזבים');
    expect(reminder?.subject).toContain(`${soonSpan[0].slice(11)}–${soonSpan[1].slice(11)}`);
    expect(reminder?.body).toContain('נא לפנות את הגג');
  });
});
