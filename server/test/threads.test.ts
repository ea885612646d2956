// Threads (issue 31 item 2): a tenant writes to the committee or the office of their building, the
// addressee answers, the tenant is notified (after the commit) and reads the answer; read marks on the
// server make unread counts agree on every device. Refused: another apartment's thread, another building's,
// another company's, the other addressee's, a supplier or a worker, nobody signed in. A thread or message
// sent twice (replayed, or from two devices with one key) is one; threads and messages are limited per day.
// A tenant's new thread or message reaches the addressee side by e-mail (a local SMTP server) and push, as
// their preferences allow, once, and at most THREAD_NOTICES_PER_TENANT_DAY a day per tenant.
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THREAD_MESSAGES_PER_DAY, THREAD_NOTICES_PER_TENANT_DAY, THREADS_PER_DAY } from '../../src/lib/domain/threads.ts';
import { openDatabase } from '../src/db/open.ts';
import type { Database } from '../src/db/database.ts';
import type { PushNote } from '../src/messaging/providers.ts';
import { smtpMailProvider } from '../src/messaging/smtpMail.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, params, startTestServer } from './harness.ts';
import { b64, testJpeg } from './images.ts';
import type { SmtpSink } from './smtpSink.ts';
import { startSmtpSink } from './smtpSink.ts';

type Summary = { id: string; addressee: string; subject: string; unread: number; messageCount: number; mine: boolean };
type Detail = { record: Summary; messages: { id: string; text: string; side: string; mine: boolean }[]; files: { id: string; parentId: string }[] };

let server: TestServer;
let db: Database;
let sink: SmtpSink;
const pushes: PushNote[] = [];
const tokens = new Map<string, string>();
let seed = 4300;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({
    mailProvider: smtpMailProvider(sink.url, 'binyan@test.example'),
    pushProvider: { send: async (_target, note) => void pushes.push(note), publicKey: async () => 'test-key' },
    deliveryIntervalMs: 50,
  });
  db = openDatabase(server.database);
  for (const user of ['miri', 'avi', 'moshe', 'tali', 'eli', 'rina', 'admin']) tokens.set(user, (await loginAs(server, user)).token);
  tokens.set('other', (await loginAs(server, 'other', 2002)).token);
});
afterAll(async () => {
  await db.close();
  await server.close();
  await sink.close();
});

const as = <T = Record<string, unknown>>(user: string, method: string, path: string, body?: unknown, idempotencyKey?: string) =>
  call<T>(server, method, `/api/binyan${path}`, {
    ...(user === 'nobody' ? {} : { token: tokens.get(user) ?? '' }),
    ...(body !== undefined ? { body } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

async function open(user: string, addressee: 'committee' | 'office', subject = 'Noise at night'): Promise<{ id: string; messageId: string }> {
  const id = newId();
  const messageId = newId();
  const reply = await as(user, 'POST', '/threads', { id, addressee, subject, messageId, text: 'The neighbours above are loud after midnight' });
  expect(reply.status, reply.text).toBe(201);
  return { id, messageId };
}

const write = (user: string, threadId: string, text = 'Any news?', id = newId(), key?: string) =>
  as<{ record: { id: string }; error: { messageKey: string } }>(user, 'POST', `/threads/${threadId}/messages`, { id, text }, key);

const upload = async (user: string, parentID: string) =>
  (
    await call<{ APIResponseCode: number; fileId?: string }>(server, 'POST', '/api/files/upload/B64', {
      token: tokens.get(user) ?? '',
      body: params({
        parentType: 'threadMessages',
        parentID,
        orgID: 1001,
        fileID: newId(),
        createdBy: 0,
        srcFileName: 'photo.jpg',
        base64String: b64(await testJpeg((seed += 1))),
      }),
    })
  ).body;

const imgStatus = async (user: string, fileId: string) =>
  (await call(server, 'GET', `/api/files/getImg?src=${encodeURIComponent(fileId)}`, { token: tokens.get(user) ?? '' })).status;

/** A thread written straight into the database: of a building or company no seeded tenant lives in. */
async function foreignThread(companyId: number, buildingId: number, addressee: 'committee' | 'office'): Promise<string> {
  const id = newId();
  const at = server.clock.now().toISOString();
  await db.run(
    db.q.insertInto('threads').values({
      id,
      companyId,
      buildingId,
      apartmentId: 'x',
      authorUserId: 999_999,
      authorContactId: 'x',
      authorName: 'Someone',
      addressee,
      subject: 'Elsewhere',
      createdAt: at,
      lastMessageAt: at,
    }),
  );
  await db.run(
    db.q
      .insertInto('thread_messages')
      .values({ id: newId(), threadId: id, companyId, authorUserId: 999_999, authorName: 'Someone', side: 'tenant', text: 'Hello', createdAt: at }),
  );
  return id;
}

describe('a tenant talks to the office and the committee', () => {
  it('writes with a photo; the office reads and answers; the tenant is notified once, sees the answer and its unread count clears', async () => {
    const { id, messageId } = await open('moshe', 'office', 'The parking gate remote');
    const photo = await upload('moshe', messageId);
    expect(photo.APIResponseCode).toBe(0);
    const inbox = await as<{ records: Summary[] }>('miri', 'GET', '/threads');
    expect(inbox.body.records.find((t) => t.id === id)).toMatchObject({ addressee: 'office', unread: 1, messageCount: 1, mine: false });
    const answerId = newId();
    const answered = await write('miri', id, 'A new remote waits at the office', answerId);
    expect(answered.status, answered.text).toBe(201);
    const notice = await db.all(db.q.selectFrom('message_deliveries').select(['channel', 'state']).where('messageId', '=', `thread:${id}:${answerId}`));
    expect(notice.map((n) => n.channel).sort()).toEqual(['email', 'push']);
    // The notice is on no board.
    const board = await as<{ records: { subject: string }[] }>('moshe', 'GET', '/buildings/101/announcements');
    expect(board.body.records.some((m) => m.subject.includes('parking gate'))).toBe(false);

    const detail = await as<Detail>('moshe', 'GET', `/threads/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.messages.map((m) => [m.side, m.mine])).toEqual([
      ['tenant', true],
      ['answer', false],
    ]);
    expect(detail.body.files.map((f) => f.id)).toEqual([photo.fileId]);
    expect(await imgStatus('moshe', photo.fileId ?? '')).toBe(200);
    expect(await imgStatus('miri', photo.fileId ?? '')).toBe(200);
    expect((await as<{ threads: number; messages: number }>('moshe', 'GET', '/threads/unread')).body).toEqual({ threads: 1, messages: 1 });
    const read = await as<{ record: Summary }>('moshe', 'POST', `/threads/${id}/read`, { upTo: server.clock.now().toISOString() });
    expect(read.status, read.text).toBe(200);
    expect(read.body.record.unread).toBe(0);
    // Another device of the same tenant (a new session) agrees; a late, older mark moves nothing back.
    const second = (await loginAs(server, 'moshe')).token;
    const fromSecond = await call<{ threads: number }>(server, 'GET', '/api/binyan/threads/unread', { token: second });
    expect(fromSecond.body.threads).toBe(0);
    expect((await call(server, 'POST', `/api/binyan/threads/${id}/read`, { token: second, body: { upTo: '2020-01-01T00:00:00.000Z' } })).status).toBe(200);
    expect((await as<{ threads: number }>('moshe', 'GET', '/threads/unread')).body.threads).toBe(0);
  });

  it('a committee thread is the committee’s: the office does not see it, and the committee does not see the office’s', async () => {
    const committee = await open('tali', 'committee', 'Plants in the lobby');
    const office = await open('tali', 'office', 'A receipt');
    const rinas = await as<{ records: Summary[] }>('rina', 'GET', '/threads');
    expect(rinas.body.records.map((t) => t.id)).toContain(committee.id);
    expect(rinas.body.records.map((t) => t.id)).not.toContain(office.id);
    const miris = await as<{ records: Summary[] }>('miri', 'GET', '/threads');
    expect(miris.body.records.map((t) => t.id)).not.toContain(committee.id);
    expect((await as('miri', 'GET', `/threads/${committee.id}`)).status).toBe(404);
    expect((await as('rina', 'GET', `/threads/${office.id}`)).status).toBe(404);
    expect((await write('rina', committee.id, 'We will vote on it')).status).toBe(201);
    expect((await write('miri', committee.id)).status).toBe(404);
  });
});

describe('what nobody else reaches', () => {
  it("another apartment's thread: 404 to read, write, mark read or see its photo", async () => {
    const { id, messageId } = await open('tali', 'office', 'My balcony');
    const photo = await upload('tali', messageId);
    expect(photo.APIResponseCode).toBe(0);
    expect((await as('moshe', 'GET', `/threads/${id}`)).status).toBe(404);
    expect((await write('moshe', id)).status).toBe(404);
    expect((await as('moshe', 'POST', `/threads/${id}/read`, { upTo: server.clock.now().toISOString() })).status).toBe(404);
    expect(await imgStatus('moshe', photo.fileId ?? '')).toBe(404);
    expect((await upload('moshe', messageId)).APIResponseCode).not.toBe(0);
    expect((await as<{ records: Summary[] }>('moshe', 'GET', '/threads')).body.records.map((t) => t.id)).not.toContain(id);
  });

  it("another building's and another company's threads: 404, and in no list", async () => {
    const elsewhere = await foreignThread(1001, 102, 'committee');
    const otherCompany = await foreignThread(2002, 201, 'office');
    expect((await as('rina', 'GET', `/threads/${elsewhere}`)).status).toBe(404);
    expect((await write('rina', elsewhere)).status).toBe(404);
    expect((await as<{ records: Summary[] }>('rina', 'GET', '/threads')).body.records.map((t) => t.id)).not.toContain(elsewhere);
    for (const user of ['miri', 'admin']) {
      expect((await as(user, 'GET', `/threads/${otherCompany}`)).status, user).toBe(404);
      expect((await write(user, otherCompany)).status, user).toBe(404);
      expect((await as<{ records: Summary[] }>(user, 'GET', '/threads')).body.records.map((t) => t.id)).not.toContain(otherCompany);
    }
  });

  it('a supplier, a worker, another company’s worker and nobody: refused', async () => {
    const { id } = await open('moshe', 'office', 'A question');
    for (const user of ['eli', 'avi', 'other']) {
      expect((await as(user, 'GET', '/threads')).status, user).toBe(403);
      expect((await as(user, 'GET', '/threads/unread')).status, user).toBe(403);
      expect((await as(user, 'GET', `/threads/${id}`)).status, user).toBe(403);
      expect((await write(user, id)).status, user).toBe(403);
      expect(
        (await as(user, 'POST', '/threads', { id: newId(), addressee: 'office', subject: 'Hi', messageId: newId(), text: 'Hello there' })).status,
        user,
      ).toBe(403);
    }
    // Staff answer; they do not open threads as tenants.
    expect((await as('miri', 'POST', '/threads', { id: newId(), addressee: 'office', subject: 'Hi', messageId: newId(), text: 'Hello there' })).status).toBe(
      403,
    );
    expect((await as('nobody', 'GET', '/threads')).status).toBe(401);
    expect((await as('nobody', 'POST', `/threads/${id}/messages`, { id: newId(), text: 'Hello' })).status).toBe(401);
  });
});

describe('sent once', () => {
  it('a thread replayed with its key, also at once, is one thread; the same id under a new key is 409 with it', async () => {
    const body = { id: newId(), addressee: 'committee', subject: 'The roof', messageId: newId(), text: 'Water comes in when it rains' };
    const key = newId();
    const replies = await Promise.all(Array.from({ length: 3 }, () => as<{ record: Summary }>('moshe', 'POST', '/threads', body, key)));
    for (const reply of replies) expect(reply.status, reply.text).toBe(201);
    const again = await as<{ error: { code: string } }>('moshe', 'POST', '/threads', body, newId());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_EXISTS');
    expect((await as<{ records: Summary[] }>('rina', 'GET', '/threads')).body.records.filter((t) => t.id === body.id)).toHaveLength(1);
    expect((await as<Detail>('rina', 'GET', `/threads/${body.id}`)).body.messages).toHaveLength(1);
  });

  it('a message sent from two devices with the same key, and replayed, is one message and one notice', async () => {
    const { id } = await open('moshe', 'office', 'Two devices');
    const other = (await loginAs(server, 'moshe')).token;
    const messageId = newId();
    const key = newId();
    const body = { id: messageId, text: 'Sent from my phone and my tablet' };
    const [a, b] = await Promise.all([
      call(server, 'POST', `/api/binyan/threads/${id}/messages`, { token: tokens.get('moshe') ?? '', body, idempotencyKey: key }),
      call(server, 'POST', `/api/binyan/threads/${id}/messages`, { token: other, body, idempotencyKey: key }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await write('moshe', id, body.text, messageId, key)).status).toBe(201);
    expect((await write('moshe', id, body.text, messageId)).status).toBe(409);
    expect((await as<Detail>('miri', 'GET', `/threads/${id}`)).body.messages.filter((m) => m.id === messageId)).toHaveLength(1);

    const answerId = newId();
    const answerKey = newId();
    for (let i = 0; i < 2; i += 1) expect((await write('miri', id, 'Received', answerId, answerKey)).status).toBe(201);
    const notices = await db.all(db.q.selectFrom('messages').select('id').where('threadId', '=', id).orderBy('id'));
    // The office heard of the thread and of the message once each; the tenant of the answer once.
    expect(notices.map((n) => n.id.split(':')[0])).toEqual(['thread', 'threadIn', 'threadIn']);
  });
});

function browserKeys(): { p256dh: string; auth: string } {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  return { p256dh: ua.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** Waits until the send job has handled every delivery of the thread's notices. */
async function settled(threadId: string): Promise<{ contactId: string; channel: string; state: string; reason: string | null; messageId: string }[]> {
  for (let i = 0; i < 400; i += 1) {
    const rows = await db.all(
      db.q
        .selectFrom('message_deliveries')
        .innerJoin('messages', 'messages.id', 'message_deliveries.messageId')
        .select([
          'message_deliveries.contactId',
          'message_deliveries.channel',
          'message_deliveries.state',
          'message_deliveries.reason',
          'messages.id as messageId',
        ])
        .where('messages.threadId', '=', threadId),
    );
    if (rows.every((r) => r.state !== 'queued' && r.state !== 'sending')) return rows;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the deliveries did not settle');
}

const mailsOf = (address: string, threadId: string) => sink.mails.filter((m) => m.to.includes(address) && m.raw.includes(threadId));
const pushesOf = (threadId: string) => pushes.filter((p) => p.url === `/threads/${threadId}`);
const userId = async (userName: string) =>
  (await db.first(db.q.selectFrom('users').select('id').where('userName', '=', userName).where('companyId', '=', 1001)))?.id;

describe('the committee and the office hear when a tenant writes', () => {
  // A new day: the threads the tests above opened count no more towards the tenants' daily limits.
  beforeAll(async () => {
    server.clock.advance(24 * 60 * 60_000 + 1000);
    for (const user of ['moshe', 'tali', 'rina', 'miri']) tokens.set(user, (await loginAs(server, user)).token);
  });

  it('a committee thread and its next message reach the building’s committee by e-mail and push, once, in her language', async () => {
    const subscribed = await as('rina', 'POST', '/push-subscriptions', {
      endpoint: `https://fcm.googleapis.com/fcm/send/${newId()}`,
      keys: browserKeys(),
      language: 'he',
    });
    expect(subscribed.status, subscribed.text).toBe(201);
    const body = { id: newId(), addressee: 'committee', subject: 'The lobby light', messageId: newId(), text: 'It has been off for a week' };
    const key = newId();
    for (let i = 0; i < 2; i += 1) expect((await as('moshe', 'POST', '/threads', body, key)).status).toBe(201);
    const messageId = newId();
    const messageKey = newId();
    for (let i = 0; i < 2; i += 1) expect((await write('moshe', body.id, 'Still dark tonight', messageId, messageKey)).status).toBe(201);
    expect((await write('moshe', body.id, 'Still dark tonight', messageId)).status).toBe(409);

    const rows = await settled(body.id);
    const rina = `account:${(await userId('rina')) ?? 0}`;
    // Only the committee of building 101: not the office's staff.
    expect([...new Set(rows.map((r) => r.contactId))]).toEqual([rina]);
    expect(rows.map((r) => `${r.messageId.split(':')[0]} ${r.channel} ${r.state}`).sort()).toEqual([
      'threadIn email sent',
      'threadIn email sent',
      'threadIn push sent',
      'threadIn push sent',
    ]);
    expect(mailsOf('rina@binyan-demo.co.il', body.id)).toHaveLength(2);
    expect(mailsOf('miri@binyan-demo.co.il', body.id)).toHaveLength(0);
    const notes = pushesOf(body.id);
    expect(notes).toHaveLength(2);
    expect(notes[0]?.title).toBe('פנייה חדשה מדייר: "The lobby light"');
    expect(notes[1]?.title).toBe('הודעה חדשה בפנייה "The lobby light"');
  });

  it('an office thread reaches the management company’s staff who see the building, not the committee', async () => {
    const { id } = await open('tali', 'office', 'A copy of the receipt');
    const rows = await settled(id);
    const expected = [`account:${(await userId('miri')) ?? 0}`, `account:${(await userId('admin')) ?? 0}`].sort();
    expect([...new Set(rows.map((r) => r.contactId))].sort()).toEqual(expected);
    expect(mailsOf('miri@binyan-demo.co.il', id)).toHaveLength(1);
    expect(mailsOf('admin@binyan-demo.co.il', id)).toHaveLength(1);
    expect(mailsOf('rina@binyan-demo.co.il', id)).toHaveLength(0);
  });

  it('a committee member who turned the conversations topic off gets nothing; other topics stay as they were', async () => {
    const allOn = { email: true, sms: true, push: true };
    const topics = { announcements: true, payments: true, serviceCalls: true, desk: true };
    expect((await as('rina', 'POST', '/profile/notifications', { channels: allOn, topics: { ...topics, threads: false } })).status).toBe(200);
    const { id } = await open('moshe', 'committee', 'The bike room');
    const rows = await settled(id);
    expect(rows.map((r) => `${r.channel} ${r.state} ${r.reason}`).sort()).toEqual(['email skipped optedOut', 'push skipped optedOut']);
    expect(mailsOf('rina@binyan-demo.co.il', id)).toHaveLength(0);
    expect(pushesOf(id)).toHaveLength(0);
    expect((await as('rina', 'POST', '/profile/notifications', { channels: allOn, topics: { ...topics, threads: true } })).status).toBe(200);
  });

  it('a tenant who turned the conversations topic off hears of no answer', async () => {
    const allOn = { email: true, sms: true, push: true };
    const topics = { announcements: true, payments: true, serviceCalls: true, desk: true };
    const subscribed = await as('moshe', 'POST', '/push-subscriptions', {
      endpoint: `https://fcm.googleapis.com/fcm/send/${newId()}`,
      keys: browserKeys(),
      language: 'he',
    });
    expect(subscribed.status, subscribed.text).toBe(201);
    expect((await as('moshe', 'POST', '/profile/notifications', { channels: allOn, topics: { ...topics, threads: false } })).status).toBe(200);
    const { id } = await open('moshe', 'committee', 'The garden');
    const answerId = newId();
    expect((await write('rina', id, 'The gardener comes on Tuesday', answerId)).status).toBe(201);
    const answers = (await settled(id)).filter((r) => r.messageId === `thread:${id}:${answerId}`);
    // His contact has no e-mail address (failed, noAddress); his phone's push is skipped.
    expect(answers.map((r) => `${r.channel} ${r.state} ${r.reason}`).sort()).toEqual(['email failed noAddress', 'push skipped optedOut']);
    // The only push of the thread is the committee's, of its opening.
    expect(pushesOf(id).map((p) => p.title)).toEqual(['פנייה חדשה מדייר: "The garden"']);
    expect((await as('moshe', 'POST', '/profile/notifications', { channels: allOn, topics: { ...topics, threads: true } })).status).toBe(200);
  });
});

describe('limits counted in the database', () => {
  it(`a tenant's threads send their addressees at most ${THREAD_NOTICES_PER_TENANT_DAY} notices a day; the messages still arrive`, async () => {
    server.clock.advance(24 * 60 * 60_000 + 1000);
    for (const user of ['moshe', 'rina']) tokens.set(user, (await loginAs(server, user)).token);
    const { id } = await open('moshe', 'committee', 'Many messages');
    for (let i = 1; i <= THREAD_NOTICES_PER_TENANT_DAY; i += 1) expect((await write('moshe', id, `Message ${i}`)).status).toBe(201);
    const notices = await db.all(db.q.selectFrom('messages').select('id').where('threadId', '=', id).where('id', 'like', 'threadIn:%'));
    expect(notices).toHaveLength(THREAD_NOTICES_PER_TENANT_DAY);
    expect((await as<Detail>('rina', 'GET', `/threads/${id}`)).body.messages).toHaveLength(THREAD_NOTICES_PER_TENANT_DAY + 1);
  });

  it(`a tenant opens at most ${THREADS_PER_DAY} threads a day; a thread takes at most ${THREAD_MESSAGES_PER_DAY} messages a day`, async () => {
    server.clock.advance(24 * 60 * 60_000 + 1000);
    for (const user of ['tali', 'moshe', 'miri']) tokens.set(user, (await loginAs(server, user)).token);
    const opened: string[] = [];
    for (let i = 0; i < THREADS_PER_DAY; i += 1) opened.push((await open('tali', 'office', `Question ${i}`)).id);
    const refused = await as<{ error: { messageKey: string } }>('tali', 'POST', '/threads', {
      id: newId(),
      addressee: 'office',
      subject: 'One more',
      messageId: newId(),
      text: 'Another question',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.messageKey).toBe('errors:threadsPerDay');
    // Another tenant is not limited by hers.
    const { id } = await open('moshe', 'office', 'Mine');

    const threadId = opened[0] ?? '';
    for (let i = 1; i < THREAD_MESSAGES_PER_DAY; i += 1) expect((await write(i % 2 === 0 ? 'miri' : 'tali', threadId, `Message ${i}`)).status).toBe(201);
    const full = await write('miri', threadId, 'One too many');
    expect(full.status).toBe(429);
    expect(full.body.error.messageKey).toBe('errors:threadMessagesPerDay');
    expect((await write('miri', id, 'Another thread is not full')).status).toBe(201);
    server.clock.advance(24 * 60 * 60_000 + 1000);
    for (const user of ['tali', 'miri']) tokens.set(user, (await loginAs(server, user)).token);
    expect((await write('miri', threadId, 'A new day')).status).toBe(201);
  });
});
