// Who runs my building (issue 31 §4): management staff and the building's committee keep its committee
// members and contacts; its owners and renters read them, a member's phone and e-mail only as the member
// consented; nobody else reads or writes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildingPeople, BuildingPeopleInput } from '../../src/lib/domain/buildingPeople.ts';
import { openDatabase } from '../src/db/open.ts';
import type { TestServer } from './harness.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';

type Answer = BuildingPeople & { editable: boolean; buildingName: string; companyName: string };
type Reply = { record?: Answer; current?: Answer; error?: { code: string; messageKey: string; field?: string } };

let server: TestServer;
const tokens = new Map<string, string>();
const as = (user: string, method: string, path: string, body?: unknown) =>
  call<Reply>(server, method, `/api/binyan${path}`, {
    token: tokens.get(user) ?? '',
    ...(body !== undefined ? { body } : {}),
    ...(method === 'GET' ? {} : { idempotencyKey: newId() }),
  });
const read = (user: string, bid = 101) => as(user, 'GET', `/buildings/${bid}/people`);
const save = (user: string, input: BuildingPeopleInput, baseVersion: number, bid = 101) =>
  as(user, 'PUT', `/buildings/${bid}/people`, { ...input, baseVersion });

const people = (fields: Partial<BuildingPeopleInput> = {}): BuildingPeopleInput => ({
  members: [
    {
      id: newId(),
      name: 'Rina Biton',
      committeeRole: 'chair',
      phone: '052-333-4455',
      email: 'rina@example.com',
      showCall: true,
      showMessage: true,
      showEmail: false,
    },
    {
      id: newId(),
      name: 'Dov Katz',
      committeeRole: 'treasurer',
      phone: '0541112222',
      email: 'dov@example.com',
      showCall: false,
      showMessage: false,
      showEmail: false,
    },
  ],
  management: { name: 'Binyan Management', phone: '03-5551234', email: 'office@example.com', officeHours: 'Sun–Thu 9:00–17:00' },
  emergency: [{ id: newId(), kind: 'elevator', name: 'Lift Co', phone: '1700500500' }],
  workerHours: 'Sun, Tue 8:00–12:00',
  ...fields,
});

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['rina', 'miri', 'admin', 'moshe', 'tali', 'eli', 'avi', 'shimon']) tokens.set(name, (await loginAs(server, name)).token);
  tokens.set('other', (await loginAs(server, 'other', 2002)).token);
  // An owner of another company's building (201): the demo has none, so one is made from the owner's account.
  const db = openDatabase(server.database);
  try {
    const owner = await db.first(db.q.selectFrom('users').selectAll().where('companyId', '=', 1001).where('userName', '=', 'moshe'));
    if (!owner) throw new Error('the demo owner');
    const { id: _id, ...rest } = owner;
    await db.run(
      db.q.insertInto('users').values({
        ...rest,
        userName: 'negevowner',
        companyId: 2002,
        contactId: null,
        workerGuid: `${owner.workerGuid}-2002`,
        workerNumber: owner.workerNumber + 1000,
        phone: '0529990001',
      }),
    );
    const made = await db.first(db.q.selectFrom('users').select('id').where('companyId', '=', 2002).where('userName', '=', 'negevowner'));
    await db.run(db.q.insertInto('worker_buildings').values({ userId: made?.id ?? 0, buildingId: 201, ord: 0 }));
  } finally {
    await db.close();
  }
  tokens.set('negevowner', (await loginAs(server, 'negevowner', 2002)).token);
});
afterAll(async () => server?.close());

describe('keeping who runs the building', () => {
  it('answers a building with nothing saved as empty, version 0, and lets the committee save it; an owner and a renter read it', async () => {
    const empty = await read('rina');
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.record).toMatchObject({ version: 0, members: [], emergency: [], editable: true });
    const saved = await save('rina', people(), 0);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.record).toMatchObject({ version: 1, updatedBy: 'רינה ביטון', management: { phone: '035551234' } });
    for (const tenant of ['moshe', 'tali']) {
      const seen = await read(tenant);
      expect(seen.status, tenant).toBe(200);
      expect(seen.body.record).toMatchObject({
        version: 1,
        editable: false,
        workerHours: 'Sun, Tue 8:00–12:00',
        emergency: [{ kind: 'elevator', phone: '1700500500' }],
      });
    }
  });

  it('shows residents a member’s phone and e-mail only as the member consented, and the office everything', async () => {
    const current = (await read('miri')).body.record;
    const saved = await save('miri', people(), current?.version ?? 0);
    expect(saved.status, saved.text).toBe(200);
    const seen = (await read('tali')).body.record;
    expect(seen?.members).toMatchObject([
      { name: 'Rina Biton', committeeRole: 'chair', phone: '0523334455', email: '', showCall: true },
      { name: 'Dov Katz', committeeRole: 'treasurer', phone: '', email: '' },
    ]);
    expect(JSON.stringify(seen)).not.toContain('0541112222');
    expect(JSON.stringify(seen)).not.toContain('dov@example.com');
    expect((await read('admin')).body.record?.members[1]).toMatchObject({ phone: '0541112222', email: 'dov@example.com' });
  });

  it('refuses a save over a version someone else saved, with what is there now', async () => {
    const current = (await read('rina')).body.record;
    const version = current?.version ?? 0;
    expect((await save('miri', people({ workerHours: 'Mondays' }), version)).status).toBe(200);
    const late = await save('rina', people({ workerHours: 'Fridays' }), version);
    expect(late.status).toBe(409);
    expect(late.body.current).toMatchObject({ version: version + 1, workerHours: 'Mondays' });
  });

  it('validates phones and e-mails as spec 5 says, by the field’s path', async () => {
    const version = (await read('rina')).body.record?.version ?? 0;
    const base = people();
    expectRefused(await save('rina', { ...base, members: [{ ...base.members[0]!, phone: '12345' }] }, version), 'invalidPhone', { field: 'members.0.phone' });
    expectRefused(await save('rina', { ...base, management: { ...base.management, email: 'office@nowhere' } }, version), 'invalidEmail', {
      field: 'management.email',
    });
    expectRefused(await save('rina', { ...base, emergency: [{ id: newId(), kind: 'plumber', name: '', phone: '' }] }, version), 'requiredField', {
      field: 'emergency.0.phone',
    });
    expectRefused(await save('rina', { ...base, members: [{ ...base.members[1]!, email: '', showEmail: true }] }, version), 'requiredField', {
      field: 'members.0.email',
    });
    expectRefused(await save('rina', { ...base, members: [{ ...base.members[0]!, name: 'R' }] }, version), 'nameTooShort', { field: 'members.0.name' });
    expect((await read('rina')).body.record?.version).toBe(version);
  });
});

describe('who may read and write', () => {
  it('refuses tenants who try to edit, the committee of another building, and everyone else', async () => {
    const version = (await read('miri')).body.record?.version ?? 0;
    for (const tenant of ['moshe', 'tali']) expect((await save(tenant, people(), version)).body.error?.code, tenant).toBe('NOT_ALLOWED');
    expect((await save('rina', people(), 0, 102)).body.error?.code).toBe('BUILDING_NOT_ASSIGNED');
    for (const user of ['eli', 'avi', 'shimon', 'other']) {
      expect((await read(user)).status, user).toBe(403);
      expect((await save(user, people(), version)).status, user).toBe(403);
    }
    expect((await call(server, 'GET', '/api/binyan/buildings/101/people')).status).toBe(401);
    expect(
      (await call(server, 'PUT', '/api/binyan/buildings/101/people', { body: { ...people(), baseVersion: version }, idempotencyKey: newId() })).status,
    ).toBe(401);
    expect((await read('miri')).body.record?.version).toBe(version);
  });

  it('keeps a tenant of 101 out of 102, and a tenant of another company out of 101', async () => {
    expect((await read('moshe', 102)).body.error?.code).toBe('BUILDING_NOT_ASSIGNED');
    expect([403, 404]).toContain((await read('negevowner', 101)).status);
    expect([403, 404]).toContain((await read('negevowner', 102)).status);
    const own = await read('negevowner', 201);
    expect(own.status, own.text).toBe(200);
    expect(own.body.record).toMatchObject({ version: 0, members: [], editable: false });
  });

  it('applies a save once when its request is repeated with the same key', async () => {
    const version = (await read('rina')).body.record?.version ?? 0;
    const key = newId();
    const body = { ...people({ workerHours: 'Once' }), baseVersion: version };
    const first = await call<Reply>(server, 'PUT', '/api/binyan/buildings/101/people', { token: tokens.get('rina') ?? '', body, idempotencyKey: key });
    const again = await call<Reply>(server, 'PUT', '/api/binyan/buildings/101/people', { token: tokens.get('rina') ?? '', body, idempotencyKey: key });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.record?.version).toBe(version + 1);
    expect((await read('rina')).body.record?.version).toBe(version + 1);
  });
});
