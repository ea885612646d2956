// The front desk reaches residents (issue 31 item 5): a mail item or a key registered for an apartment
// tells its people once (the notice's rows are written with the item, sent after the commit; a replayed
// batch or a repeat under another key adds none), within a daily limit counted in the database; tenants
// read what waits for their own apartment until it is handed over, and pre-approve visitors (strict dates,
// not in the past in Israel, a daily limit per apartment), changed or cancelled until their day is over;
// the desk sees the day's pre-approvals and lets them in. Refused: another apartment, another building,
// another company, a supplier, the committee and staff through the tenant routes, nobody signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_NOTICES_PER_APARTMENT_DAY, VISITOR_PASSES_PER_APARTMENT_DAY, israelToday } from '../../src/lib/domain/deskPasses.ts';
import { addLocalDays } from '../../src/lib/dates.ts';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import { deskNoticeId } from '../src/messaging/deskNotice.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Pass = {
  id: string;
  name: string;
  visitDate: string;
  note: string;
  status: string;
  apartment: string;
  apartmentId: string;
  arrivedAt: string | null;
  version: number;
};
type Desk = { items: { id: string; type: string; kind: string; number: string }[]; passes: Pass[]; today: string };
type Body = { record?: Pass; records?: Pass[]; error?: { messageKey: string; code: string; field?: string } } & Partial<Desk>;

let server: TestServer;
let one: Database;
const tokens = new Map<string, string>();
const homes = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  one = openDatabase(server.database);
  for (const user of ['miri', 'avi', 'moshe', 'tali', 'eli', 'rina', 'shimon']) tokens.set(user, (await loginAs(server, user)).token);
  tokens.set('other', (await loginAs(server, 'other', 2002)).token);
  const rows = await one.all(
    one.q
      .selectFrom('users')
      .innerJoin('contacts', 'contacts.id', 'users.contactId')
      .select(['users.userName', 'contacts.apartmentId'])
      .where('users.userName', 'in', ['moshe', 'tali']),
  );
  for (const r of rows) homes.set(r.userName, String(r.apartmentId));
});
afterAll(async () => {
  await one.close();
  await server.close();
});

const as = (user: string, method: string, path: string, body?: unknown, idempotencyKey: string | null = newId()) =>
  call<Body>(server, method, `/api/binyan${path}`, {
    ...(user === 'nobody' ? {} : { token: tokens.get(user) ?? '' }),
    ...(body !== undefined ? { body } : {}),
    idempotencyKey,
  });
const today = () => israelToday(server.clock.now());
const home = (user: string) => homes.get(user) ?? '';
const parcel = (apartmentId: string | null, buildingId = 101) => ({
  id: newId(),
  buildingId,
  apartmentId,
  contactId: null,
  kind: 'parcel',
  trackingNumber: `P-${newId().slice(0, 8)}`,
  description: '',
});
const noticesOf = async (itemId: string) =>
  one.all(one.q.selectFrom('messages').select(['id', 'topic', 'owners', 'renters']).where('id', '=', deskNoticeId(itemId)));
const deliveriesOf = async (itemId: string) =>
  one.all(one.q.selectFrom('message_deliveries').select(['contactId', 'channel', 'state', 'subject']).where('messageId', '=', deskNoticeId(itemId)));

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a parcel waits at the desk', () => {
  it("tells the apartment's people once, sent after the commit; the tenant sees it waiting until it is handed over", async () => {
    const item = parcel(home('moshe'));
    const created = await as('avi', 'POST', '/mail-items', item);
    expect(created.status, created.text).toBe(201);
    expect(await noticesOf(item.id)).toEqual([expect.objectContaining({ topic: 'desk' })]);
    const rows = await deliveriesOf(item.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['push', 'email', 'sms']));
    // The send job takes the rows after the commit: none stays queued.
    await until('the notice sent', async () => ((await deliveriesOf(item.id)).every((r) => r.state !== 'queued' && r.state !== 'sending') ? true : undefined));
    const desk = await as('moshe', 'GET', '/tenant/desk');
    expect(desk.status, desk.text).toBe(200);
    expect(desk.body.items?.find((i) => i.id === item.id)).toMatchObject({ type: 'mail', kind: 'parcel', number: item.trackingNumber });
    // On no board: the building's announcements do not show it.
    const board = await as('moshe', 'GET', '/buildings/101/announcements');
    expect(JSON.stringify(board.body)).not.toContain(deskNoticeId(item.id));
    const handed = await as('avi', 'POST', `/mail-items/${item.id}/handover`, { baseVersion: 1, deliveredTo: 'משה פרץ' });
    expect(handed.status, handed.text).toBe(200);
    expect((await as('moshe', 'GET', '/tenant/desk')).body.items?.some((i) => i.id === item.id)).toBe(false);
  });

  it('a key registered offline and replayed (the batch twice, then the item under another key) notifies once', async () => {
    const key = { id: newId(), buildingId: 101, apartmentId: home('moshe'), contactId: null, tagNumber: `K-${newId().slice(0, 6)}`, description: 'מפתח חניה' };
    const batchItem = { key: newId(), method: 'POST', path: 'binyan/keys', body: key, baseVersion: 0, record: `keys:${key.id}` };
    const send = () =>
      call<{ results: { status: number }[] }>(server, 'POST', '/api/binyan/sync/batch', {
        token: tokens.get('avi') ?? '',
        body: { items: [batchItem] },
        idempotencyKey: null,
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first?.status, second?.status]).toEqual([200, 200]);
    expect((await send()).body.results[0]?.status).toBe(201);
    expect((await as('avi', 'POST', '/keys', key)).status).toBe(409);
    expect(await noticesOf(key.id)).toHaveLength(1);
    const perChannel = (await deliveriesOf(key.id)).map((r) => `${r.contactId}:${r.channel}`);
    expect(new Set(perChannel).size).toBe(perChannel.length);
    expect((await as('moshe', 'GET', '/tenant/desk')).body.items?.find((i) => i.id === key.id)).toMatchObject({ type: 'key', number: key.tagNumber });
  });

  it('an item for no apartment, or refused, notifies nobody', async () => {
    const office = parcel(null);
    expect((await as('avi', 'POST', '/mail-items', office)).status).toBe(201);
    expect(await noticesOf(office.id)).toHaveLength(0);
    // A supplier cannot register one: nothing is written, nobody hears.
    const refused = parcel(home('moshe'));
    expect((await as('eli', 'POST', '/mail-items', refused)).status).toBe(403);
    expect(await noticesOf(refused.id)).toHaveLength(0);
  });

  it(`an apartment hears of at most ${DESK_NOTICES_PER_APARTMENT_DAY} items a day, counted in the database; the items still show`, async () => {
    // Tali's apartment has heard of nothing yet today.
    const ids: string[] = [];
    for (let i = 0; i <= DESK_NOTICES_PER_APARTMENT_DAY; i += 1) {
      const item = parcel(home('tali'));
      expect((await as('avi', 'POST', '/mail-items', item)).status).toBe(201);
      ids.push(item.id);
    }
    const noticed = await Promise.all(ids.map(async (id) => (await noticesOf(id)).length));
    expect(noticed).toEqual([...Array<number>(DESK_NOTICES_PER_APARTMENT_DAY).fill(1), 0]);
    const waiting = (await as('tali', 'GET', '/tenant/desk')).body.items?.map((i) => i.id) ?? [];
    expect(waiting).toEqual(expect.arrayContaining(ids));
  });
});

describe('visitors pre-approved by tenants', () => {
  it('a tenant pre-approves a visitor, changes and cancels them; the desk sees them on their day and lets them in', async () => {
    const id = newId();
    const created = await as('moshe', 'POST', '/tenant/visitor-passes', { id, name: '  דנה כהן ', visitDate: today(), note: 'Brings a sofa' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.record).toMatchObject({ name: 'דנה כהן', visitDate: today(), status: 'expected', arrivedAt: null, version: 1 });
    const tomorrow = addLocalDays(today(), 1);
    const other = await as('moshe', 'POST', '/tenant/visitor-passes', { id: newId(), name: 'Yoav Levi', visitDate: tomorrow, note: '' });
    expect(other.status).toBe(201);
    const edited = await as('moshe', 'PUT', `/tenant/visitor-passes/${other.body.record?.id}`, {
      baseVersion: 1,
      name: 'Yoav Levin',
      visitDate: addLocalDays(tomorrow, 1),
      note: 'Evening',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.record).toMatchObject({ name: 'Yoav Levin', visitDate: addLocalDays(tomorrow, 1), version: 2 });
    expect(
      (await as('moshe', 'PUT', `/tenant/visitor-passes/${other.body.record?.id}`, { baseVersion: 1, name: 'Stale', visitDate: tomorrow, note: '' })).status,
    ).toBe(409);
    const mine = await as('moshe', 'GET', '/tenant/desk');
    expect(mine.body.passes?.map((p) => p.id)).toEqual(expect.arrayContaining([id, other.body.record?.id]));
    // The desk of 101 (its manager, with the receptionist module) sees today's pre-approval, not tomorrow's.
    const day = await as('miri', 'GET', '/buildings/101/visitor-passes');
    expect(day.status, day.text).toBe(200);
    const seen = day.body.records?.find((p) => p.id === id);
    expect(seen).toMatchObject({ name: 'דנה כהן', apartmentId: home('moshe') });
    expect(seen?.apartment).toBeTruthy();
    expect(day.body.records?.some((p) => p.id === other.body.record?.id)).toBe(false);
    const visitorId = newId();
    const arrived = await as('miri', 'POST', '/visitors', {
      id: visitorId,
      buildingId: 101,
      name: 'דנה כהן',
      apartment: seen?.apartment ?? '',
      arrivedAt: server.clock.now().toISOString(),
      passId: id,
    });
    expect(arrived.status, arrived.text).toBe(201);
    const log = await as('miri', 'GET', '/buildings/101/visitors');
    expect(log.body.records?.find((v) => v.id === visitorId)).toMatchObject({ passId: id });
    const after = (await as('moshe', 'GET', '/tenant/desk')).body.passes?.find((p) => p.id === id);
    expect(after?.arrivedAt).toBeTruthy();
    // Once let in, it is no longer the tenant's to change; a cancelled one is not the desk's to let in.
    expect((await as('moshe', 'POST', `/tenant/visitor-passes/${id}/cancel`, { baseVersion: after?.version ?? 0 })).body.error?.messageKey).toBe(
      'errors:visitorPassLocked',
    );
    const cancelled = await as('moshe', 'POST', `/tenant/visitor-passes/${other.body.record?.id}/cancel`, { baseVersion: 2 });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.record?.status).toBe('cancelled');
    expect((await as('moshe', 'GET', '/tenant/desk')).body.passes?.some((p) => p.id === other.body.record?.id)).toBe(false);
    const late = await as('miri', 'POST', '/visitors', {
      id: newId(),
      buildingId: 101,
      name: 'Yoav Levin',
      apartment: '',
      arrivedAt: server.clock.now().toISOString(),
      passId: other.body.record?.id,
    });
    expect(late.body.error?.messageKey).toBe('errors:visitorPassLocked');
  });

  it('refuses a name too short, a date that is not a day, yesterday in Israel, too far ahead, a long note', async () => {
    const post = (body: Record<string, unknown>) =>
      as('tali', 'POST', '/tenant/visitor-passes', { id: newId(), name: 'Rami Cohen', visitDate: today(), note: '', ...body });
    const refusals = [
      [{ name: 'R' }, 'nameTooShort', 'name'],
      [{ visitDate: '2026-02-30' }, 'invalidDate', 'visitDate'],
      [{ visitDate: '31/12/2026' }, 'invalidDate', 'visitDate'],
      [{ visitDate: addLocalDays(today(), -1) }, 'visitDateInPast', 'visitDate'],
      [{ visitDate: addLocalDays(today(), 200) }, 'visitDateTooFar', 'visitDate'],
      [{ note: 'x'.repeat(501) }, 'textTooLong', 'note'],
    ] as const;
    for (const [body, key, field] of refusals) {
      const reply = await post(body);
      expect(reply.status, `${key} ${reply.text}`).toBe(422);
      expect(reply.body.error).toMatchObject({ messageKey: `errors:${key}`, field });
    }
  });

  it(`an apartment pre-approves at most ${VISITOR_PASSES_PER_APARTMENT_DAY} visitors a day, counted in the database`, async () => {
    const day = addLocalDays(today(), 5);
    const post = () => as('tali', 'POST', '/tenant/visitor-passes', { id: newId(), name: 'Guest Name', visitDate: day, note: '' });
    const ids: string[] = [];
    for (let i = 0; i < VISITOR_PASSES_PER_APARTMENT_DAY; i += 1) {
      const reply = await post();
      expect(reply.status, reply.text).toBe(201);
      ids.push(reply.body.record?.id ?? '');
    }
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.body.error?.messageKey).toBe('errors:visitorPassesPerDay');
    // A cancelled one makes room; another day has its own count.
    expect((await as('tali', 'POST', `/tenant/visitor-passes/${ids[0]}/cancel`, { baseVersion: 1 })).status).toBe(200);
    expect((await post()).status).toBe(201);
    expect((await as('tali', 'POST', '/tenant/visitor-passes', { id: newId(), name: 'Guest Name', visitDate: addLocalDays(day, 1), note: '' })).status).toBe(
      201,
    );
  });

  it('a pre-approval sent twice (same key at once, then another key) is one', async () => {
    const body = { id: newId(), name: 'Twice Sent', visitDate: today(), note: '' };
    const key = newId();
    const replies = await Promise.all([1, 2, 3].map(() => as('moshe', 'POST', '/tenant/visitor-passes', body, key)));
    for (const r of replies) expect(r.status, r.text).toBe(201);
    expect((await as('moshe', 'POST', '/tenant/visitor-passes', body)).status).toBe(409);
    const rows = await one.all(one.q.selectFrom('visitor_passes').select('id').where('id', '=', body.id));
    expect(rows).toHaveLength(1);
  });
});

describe('what nobody else reaches', () => {
  it("a tenant never sees nor changes another apartment's items or visitors", async () => {
    expect(home('tali')).not.toBe(home('moshe'));
    const talis = parcel(home('tali'));
    expect((await as('avi', 'POST', '/mail-items', talis)).status).toBe(201);
    expect((await as('moshe', 'GET', '/tenant/desk')).body.items?.some((i) => i.id === talis.id)).toBe(false);
    expect((await as('tali', 'GET', '/tenant/desk')).body.items?.some((i) => i.id === talis.id)).toBe(true);
    const pass = await as('tali', 'POST', '/tenant/visitor-passes', { id: newId(), name: 'Tali Guest', visitDate: today(), note: '' });
    const id = pass.body.record?.id ?? '';
    expect((await as('moshe', 'GET', '/tenant/desk')).body.passes?.some((p) => p.id === id)).toBe(false);
    expect((await as('moshe', 'PUT', `/tenant/visitor-passes/${id}`, { baseVersion: 1, name: 'Taken Over', visitDate: today(), note: '' })).status).toBe(404);
    expect((await as('moshe', 'POST', `/tenant/visitor-passes/${id}/cancel`, { baseVersion: 1 })).status).toBe(404);
    // The same id from another apartment takes nothing over.
    expect((await as('moshe', 'POST', '/tenant/visitor-passes', { id, name: 'Taken Over', visitDate: today(), note: '' })).status).toBe(409);
    expect((await as('tali', 'GET', '/tenant/desk')).body.passes?.find((p) => p.id === id)).toMatchObject({ name: 'Tali Guest', status: 'expected' });
  });

  it("another building's desk, another company, a supplier, the committee, staff on tenant routes and nobody: refused", async () => {
    const pass = await as('moshe', 'POST', '/tenant/visitor-passes', { id: newId(), name: 'Desk Guest', visitDate: today(), note: '' });
    const id = pass.body.record?.id ?? '';
    // The receptionist of 102 and the other company's worker do not see 101's day nor let its visitors in.
    expect((await as('shimon', 'GET', '/buildings/101/visitor-passes')).status).toBe(403);
    expect((await as('shimon', 'GET', '/buildings/102/visitor-passes')).body.records?.some((p) => p.id === id)).toBe(false);
    expect(
      (
        await as('shimon', 'POST', '/visitors', {
          id: newId(),
          buildingId: 102,
          name: 'Desk Guest',
          apartment: '',
          arrivedAt: server.clock.now().toISOString(),
          passId: id,
        })
      ).status,
    ).toBe(404);
    expect((await as('other', 'GET', '/buildings/101/visitor-passes')).status).toBe(403);
    for (const user of ['eli', 'rina', 'avi', 'miri', 'shimon', 'other']) {
      expect((await as(user, 'GET', '/tenant/desk')).status, user).toBe(403);
      expect((await as(user, 'POST', '/tenant/visitor-passes', { id: newId(), name: 'Some Guest', visitDate: today(), note: '' })).status, user).toBe(403);
      expect((await as(user, 'PUT', `/tenant/visitor-passes/${id}`, { baseVersion: 1, name: 'Some Guest', visitDate: today(), note: '' })).status, user).toBe(
        403,
      );
      expect((await as(user, 'POST', `/tenant/visitor-passes/${id}/cancel`, { baseVersion: 1 })).status, user).toBe(403);
    }
    for (const user of ['eli', 'rina', 'moshe', 'avi']) expect((await as(user, 'GET', '/buildings/101/visitor-passes')).status, user).toBe(403);
    expect((await as('nobody', 'GET', '/tenant/desk')).status).toBe(401);
    expect((await as('nobody', 'POST', '/tenant/visitor-passes', { id: newId(), name: 'Some Guest', visitDate: today(), note: '' })).status).toBe(401);
    expect((await as('nobody', 'GET', '/buildings/101/visitor-passes')).status).toBe(401);
    expect((await as('moshe', 'GET', '/tenant/desk')).body.passes?.find((p) => p.id === id)).toMatchObject({ name: 'Desk Guest', version: 1 });
  });
});
