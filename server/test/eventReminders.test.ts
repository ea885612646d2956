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
const addEvent = async (title: string, start: string, end: string, notes = 'נא לפנות את הגג') =>
  (
    await call<{ record: { id: string } }>(server, 'POST', '/api/binyan/building-events', {
      token: rina,
      body: { id: newId(), buildingId: 101, title, notes, start, end },
    })
  ).body.record.id;
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

    const rows = await db.all(
      db.q.selectFrom('message_deliveries').select(['contactId', 'channel', 'state', 'reason']).where('messageId', '=', reminderIdOf(soon)),
    );
    const people = ((await call<{ records: Contact[] }>(server, 'GET', '/api/binyan/buildings/101/contacts', { token: rina })).body.records ?? []).filter(
      (c) => c.role === 'owner' || c.role === 'renter' || c.role === 'committee',
    );
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
    const board =
      (await call<{ records: { id: string; subject: string; body: string }[] }>(server, 'GET', '/api/binyan/buildings/101/announcements', { token: rina })).body
        .records ?? [];
    const reminder = board.find((m) => m.id.startsWith('reminder:'));
    expect(reminder?.subject).toContain('ניקוי מרזבים');
    expect(reminder?.subject).toContain(`${soonSpan[0].slice(11)}–${soonSpan[1].slice(11)}`);
    expect(reminder?.body).toContain('נא לפנות את הגג');
  });

  it('writes each recipient’s reminder in their own language, dates dd/mm/yyyy 24 h, once per recipient and channel', async () => {
    // moshe reads the app in Hebrew, tali switched it to Russian (the profile screen tells the server).
    for (const [user, languageId] of [
      ['moshe', 1],
      ['tali', 4],
    ] as const) {
      const key = newId();
      const token = (await loginAs(server, user)).token;
      const saved = await call(server, 'POST', '/api/binyan/profile/language', { token, body: { languageId }, idempotencyKey: key });
      expect(saved.status, saved.text).toBe(200);
      expect((await call(server, 'POST', '/api/binyan/profile/language', { token, body: { languageId: 9 }, idempotencyKey: newId() })).status).toBe(422);
    }
    const contactOf = async (userName: string) => {
      const user = await db.first(db.q.selectFrom('users').select(['id', 'contactId']).where('userName', '=', userName));
      if (!user?.contactId) throw new Error(`${userName} is a demo tenant with a contact`);
      return { userId: user.id, contactId: user.contactId };
    };
    const moshe = await contactOf('moshe');
    const tali = await contactOf('tali');
    expect((await db.first(db.q.selectFrom('users').select('languageId').where('id', '=', tali.userId)))?.languageId).toBe(4);
    for (const [who, contactId] of [
      ['moshe', moshe.contactId],
      ['tali', tali.contactId],
    ])
      await db.run(
        db.q
          .updateTable('contacts')
          .set({ email: `${who}.reminders@binyan.test` })
          .where('id', '=', contactId ?? ''),
      );

    const span: [string, string] = [inMinutes(300), inMinutes(390)];
    const event = await addEvent('Annual elevator inspection', span[0], span[1], 'Please call before arriving');
    const [a, b] = await Promise.all([queue(), queue()]);
    expect(a + b).toBe(1);
    expect(await queue()).toBe(0);

    const when = `${span[0].slice(8, 10)}/${span[0].slice(5, 7)}/${span[0].slice(0, 4)} ${span[0].slice(11, 16)}–${span[1].slice(11, 16)}`;
    expect(when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}–\d{2}:\d{2}$/);
    const rows = await db.all(db.q.selectFrom('message_deliveries').selectAll().where('messageId', '=', reminderIdOf(event)));
    const of = (contactId: string) => rows.filter((r) => r.contactId === contactId);
    expect(
      of(moshe.contactId)
        .map((r) => r.channel)
        .sort(),
    ).toEqual(['email', 'push']);
    expect(
      of(tali.contactId)
        .map((r) => r.channel)
        .sort(),
    ).toEqual(['email', 'push']);
    for (const row of of(moshe.contactId))
      expect(row).toMatchObject({ language: 'he', subject: `תזכורת: בדיקה שנתית למעלית · ${when}`, body: `${when}\nנא להתקשר לפני ההגעה` });
    for (const row of of(tali.contactId))
      expect(row).toMatchObject({
        language: 'ru',
        subject: `Напоминание: Ежегодная проверка лифта · ${when}`,
        body: `${when}\nПожалуйста, позвоните перед приходом`,
      });
    // Exactly one row per recipient and channel, whatever the language.
    expect(new Set(rows.map((r) => `${r.contactId}:${r.channel}`)).size).toBe(rows.length);

    // The e-mails go out in those languages, one each.
    const mailTo = async (address: string) =>
      until(`the reminder mail to ${address}`, async () => {
        const found = sink.mails.filter((m) => m.to.includes(address) && m.raw.includes(reminderIdOf(event).replace(/[^\w.-]/g, '.')));
        return found.length > 0 ? found : undefined;
      });
    const emailOf = (contactId: string) => of(contactId).find((r) => r.channel === 'email')?.address ?? '';
    const ru = await mailTo(emailOf(tali.contactId));
    const he = await mailTo(emailOf(moshe.contactId));
    expect(ru.map((m) => subjectOf(m.raw))).toEqual([`Напоминание: Ежегодная проверка лифта · ${when}`]);
    expect(he.map((m) => subjectOf(m.raw))).toEqual([`תזכורת: בדיקה שנתית למעלית · ${when}`]);
    expect(await queue()).toBe(0);
  });
});

/** The Subject header of a raw e-mail, its encoded words (RFC 2047) decoded. */
function subjectOf(raw: string): string {
  const header = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  const unfolded = header.replace(/\r?\n[ \t]/g, ' ').trim();
  return unfolded.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
