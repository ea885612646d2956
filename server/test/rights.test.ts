// Roles and rights (src/lib/rights): every route refuses what the rule table does not grant, for every
// demo role; records are limited to the user's buildings; who-did-it fields come from the session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchRouteOf } from '../../src/lib/batchTargets.ts';
import type { Action, Actor, Role } from '../../src/lib/rights/rights.ts';
import { actorFrom, can } from '../../src/lib/rights/rights.ts';
import { testCards } from '../../src/lib/cards.ts';
import type { Rec, TestServer } from './harness.ts';
import { openDatabase } from '../src/db/open.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { enteredCard } from './cardEntry.ts';

type Reply = { record?: Rec; records?: Rec[]; error?: { code: string; messageKey: string; field?: string } };

let server: TestServer;
const tokens = new Map<string, string>();
const actors = new Map<string, Actor>();

/** The demo user of each role (docs/api.md "Demo users"); noam is a worker with service calls and checks off. */
const users: Record<string, Role> = {
  avi: 'worker',
  miri: 'manager',
  yossi: 'maintenanceManager',
  rina: 'committee',
  moshe: 'owner',
  tali: 'renter',
  shimon: 'receptionist',
  eli: 'supplier',
  admin: 'admin',
  noam: 'worker',
};

beforeAll(async () => {
  server = await startTestServer();
  for (const name of Object.keys(users)) {
    const login = await loginAs(server, name);
    tokens.set(name, login.token);
    const u = login.user;
    actors.set(name, {
      role: u.role as Role,
      flags: {
        PermSrvCall: Number(u.PermSrvCall),
        PermClearing: Number(u.PermClearing),
        showChecksDeposit: Number(u.showChecksDeposit),
        allowReceptionistModule: Number(u.allowReceptionistModule),
      },
    });
  }
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown) =>
  call<Reply>(server, method, path, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}) });

const notAllowed = { error: { code: 'NOT_ALLOWED', messageKey: 'errors:notAllowed' } };
const notAssigned = { error: { code: 'BUILDING_NOT_ASSIGNED', messageKey: 'errors:buildingNotAssigned' } };

describe('the rule table on every route', () => {
  it('has each demo user signed in with the role the seed gives them', () => {
    for (const [name, role] of Object.entries(users)) expect(actors.get(name)?.role, name).toBe(role);
    expect(actors.get('noam')?.flags).toMatchObject({ PermSrvCall: 0, showChecksDeposit: 0 });
  });

  it('declares an action for every signed-in route', () => {
    const signedIn = server.routes.filter((r) => r.right !== null);
    expect(signedIn.length).toBeGreaterThan(40);
    expect(server.routes.filter((r) => r.right === null).map((r) => r.url)).not.toContain('/api/binyan/service-calls');
  });

  it('refuses each route with 403 "not allowed" exactly for the roles the table does not grant', async () => {
    // Logging out ends the session, so it goes last.
    const routes = [...server.routes.filter((r) => r.right !== null)].sort(
      (a, b) => Number(a.url === '/api/auth/logout') - Number(b.url === '/api/auth/logout'),
    );
    const mismatches: string[] = [];
    for (const name of Object.keys(users)) {
      const actor = actors.get(name);
      if (!actor) throw new Error(name);
      for (const route of routes) {
        const path = route.url.replace(':bid', '101').replace(':id', 'no-such-id');
        const reply = await as(name, route.method, path, route.method === 'GET' ? undefined : {});
        // Style-2 calls answer refusals as HTTP 200 with a non-zero APIResponseCode (spec section 7).
        const style2Refusal = reply.status === 200 && Number((reply.body as { APIResponseCode?: unknown }).APIResponseCode) !== 0;
        const refused = (reply.status === 403 || style2Refusal) && reply.body.error?.code === 'NOT_ALLOWED';
        const allowed = can(actor, route.right as Action);
        if (refused === allowed)
          mismatches.push(`${name} ${route.method} ${route.url} → ${reply.status} ${reply.body.error?.code ?? ''} (table: ${allowed ? 'allowed' : 'refused'})`);
      }
      tokens.set(name, (await loginAs(server, name)).token);
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses each change inside a sync batch exactly as the route alone refuses it', async () => {
    // The routes a batch carries (src/lib/batchTargets.ts); any other path is refused before its route (syncBatch.test.ts).
    const mutations = server.routes.filter((r) => r.right !== null && batchRouteOf(r.method, r.url) !== null);
    expect(mutations.length).toBeGreaterThan(20);
    const mismatches: string[] = [];
    for (const name of Object.keys(users)) {
      const actor = actors.get(name);
      if (!actor) throw new Error(name);
      const items = mutations.map((route, i) => ({
        key: newId(),
        method: route.method,
        path: route.url
          .replace(/^\/api\//, '')
          .replace(':bid', '101')
          .replace(':id', 'no-such-id'),
        body: {},
        record: `route:${i}`,
      }));
      const reply = await as(name, 'POST', '/api/binyan/sync/batch', { items });
      expect(reply.status, name).toBe(200);
      const results = (reply.body as { results?: { status: number | null; body: { APIResponseCode?: unknown; error?: { code: string } } }[] }).results ?? [];
      mutations.forEach((route, i) => {
        const result = results[i];
        const style2Refusal = result?.status === 200 && Number(result.body.APIResponseCode) !== 0;
        const refused = (result?.status === 403 || style2Refusal) && result.body.error?.code === 'NOT_ALLOWED';
        const allowed = can(actor, route.right as Action);
        if (refused === allowed)
          mismatches.push(
            `${name} batch ${route.method} ${route.url} → ${result?.status ?? 'none'} ${result?.body.error?.code ?? ''} (table: ${allowed ? 'allowed' : 'refused'})`,
          );
      });
    }
    expect(mismatches).toEqual([]);
  });
});

describe('buildings a user may see', () => {
  it('gives a worker his round, a committee member her building and staff every building', async () => {
    const ids = async (user: string) => ((await as(user, 'GET', '/api/binyan/buildings')).body.records ?? []).map((b) => b.id);
    expect(await ids('avi')).toEqual([101, 102, 103, 104]);
    expect(await ids('rina')).toEqual([101]);
    expect(await ids('miri')).toEqual([101, 102, 103, 104, 105, 106]);
    expect(await ids('yossi')).toHaveLength(6);
  });

  it('refuses a worker another building’s contacts, calls and meters, and lists only his buildings’ calls', async () => {
    for (const path of [
      '/api/binyan/buildings/105/contacts',
      '/api/binyan/buildings/105/apartments',
      '/api/binyan/buildings/106/meters',
      '/api/binyan/service-calls?buildingId=105',
      '/api/binyan/keys?buildingId=106',
    ]) {
      const reply = await as('avi', 'GET', path);
      expect(reply.status, path).toBe(403);
      expect(reply.body, path).toMatchObject(notAssigned);
    }
    const calls = (await as('avi', 'GET', '/api/binyan/service-calls')).body.records ?? [];
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls.map((c) => c.buildingId))).toEqual(new Set([101, 102, 103, 104]));
  });

  it('refuses a worker the deletion of another building’s service call and leaves it in place', async () => {
    const other = (await as('miri', 'GET', '/api/binyan/service-calls?buildingId=105')).body.records?.[0];
    if (!other) throw new Error('building 105 has calls in the demo');
    const refused = await as('avi', 'DELETE', `/api/binyan/service-calls/${other.id}?baseVersion=${other.version}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject(notAssigned);
    expect((await as('miri', 'GET', `/api/binyan/service-calls/${other.id}`)).status).toBe(200);
    expect((await as('miri', 'GET', `/api/binyan/service-calls/${other.id}`)).body.record?.version).toBe(other.version);
  });

  it('refuses creating records in a building that is not the user’s', async () => {
    const created = await as('avi', 'POST', '/api/binyan/service-calls', {
      id: newId(),
      buildingId: 105,
      domain: 'plumbing',
      description: 'נזילה בחניון התחתון',
    });
    expect(created.status).toBe(403);
    expect(created.body).toMatchObject(notAssigned);
    const key = await as('rina', 'POST', '/api/binyan/keys', { id: newId(), buildingId: 101, tagNumber: 'R-1', description: 'מפתח' });
    expect(key.status).toBe(403);
    expect(key.body).toMatchObject(notAllowed);
  });

  it('lets the committee set up rooms only in its own building, and a tenant ask to cancel only their own booking', async () => {
    const room = {
      name: 'חדר כושר',
      opensAt: '06:00',
      closesAt: '22:00',
      slotMinutes: 60,
      bufferMinutes: 0,
      maxDaysAhead: 7,
      maxFutureBookingsPerApartment: 2,
      feeAgorot: 0,
    };
    const elsewhere = await as('rina', 'POST', '/api/binyan/rooms', { id: newId(), buildingId: 105, ...room });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toMatchObject(notAssigned);
    expect((await as('rina', 'POST', '/api/binyan/rooms', { id: newId(), buildingId: 101, ...room })).status).toBe(201);
    expect((await as('tali', 'POST', '/api/binyan/rooms', { id: newId(), buildingId: 101, ...room })).body).toMatchObject(notAllowed);
    const seeded = (await as('miri', 'GET', '/api/binyan/room-bookings?buildingId=101')).body.records?.[0];
    const asked = await as('moshe', 'POST', `/api/binyan/room-bookings/${seeded?.id ?? ''}/cancel-request`, {});
    expect(asked.status).toBe(403);
    expect(asked.body.error?.code).toBe('FORBIDDEN');
  });
});

describe('registration links', () => {
  it('lists, makes and revokes a building’s links for management staff only', async () => {
    const links = '/api/binyan/tenant-links?buildingId=101';
    for (const user of ['avi', 'yossi', 'rina', 'moshe', 'tali', 'shimon', 'eli']) expect((await as(user, 'GET', links)).body, user).toMatchObject(notAllowed);
    const listed = await as('miri', 'GET', links);
    expect(listed.status).toBe(200);
    const apartmentId = (await as('miri', 'GET', '/api/binyan/buildings/101/apartments')).body.records?.[0]?.id;
    for (const user of ['avi', 'rina', 'moshe'])
      expect((await as(user, 'POST', '/api/binyan/tenant-links', { apartmentId })).body, user).toMatchObject(notAllowed);
    const made = await as('admin', 'POST', '/api/binyan/tenant-links', { apartmentId });
    expect(made.status, made.text).toBe(201);
    const code = String(made.body.record?.code ?? '');
    for (const user of ['avi', 'rina', 'moshe', 'tali'])
      expect((await as(user, 'DELETE', `/api/binyan/tenant-links/${code}`)).body, user).toMatchObject(notAllowed);
    expect((await as('miri', 'DELETE', `/api/binyan/tenant-links/${code}`)).status).toBe(200);
  });
});

describe('billing settings and legal holds', () => {
  it('lets only management staff read and change a building’s billing settings', async () => {
    const path = '/api/binyan/buildings/101/billing-settings';
    for (const user of ['avi', 'yossi', 'rina', 'moshe', 'tali', 'shimon', 'eli']) expect((await as(user, 'GET', path)).body, user).toMatchObject(notAllowed);
    const current = (await as('miri', 'GET', path)).body.record as Rec & { version: number };
    const settings = {
      cardPayments: true,
      fixedAgorot: 150,
      percentBasisPoints: 120,
      vat: 'added',
      foreignCardFixedAgorot: 500,
      dinersAmexPercentBasisPoints: 250,
    };
    for (const user of ['avi', 'rina', 'moshe'])
      expect((await as(user, 'PUT', path, { baseVersion: current.version, settings })).body, user).toMatchObject(notAllowed);
    expect((await as('admin', 'PUT', path, { baseVersion: current.version, settings })).status).toBe(200);
  });

  it('lets only management staff hold an apartment, list the holds and clear one', async () => {
    const apartmentId = String((await as('miri', 'GET', '/api/binyan/buildings/101/apartments')).body.records?.[0]?.id ?? '');
    for (const user of ['avi', 'yossi', 'rina', 'moshe', 'tali', 'shimon', 'eli']) {
      expect((await as(user, 'GET', '/api/binyan/apartment-holds?buildingId=101')).body, user).toMatchObject(notAllowed);
      expect((await as(user, 'PUT', `/api/binyan/apartments/${apartmentId}/hold`, { reason: 'הליך משפטי' })).body, user).toMatchObject(notAllowed);
      expect((await as(user, 'DELETE', `/api/binyan/apartments/${apartmentId}/hold`)).body, user).toMatchObject(notAllowed);
    }
    expect((await as('miri', 'PUT', `/api/binyan/apartments/${apartmentId}/hold`, { reason: 'הליך משפטי' })).status).toBe(200);
    expect((await as('admin', 'GET', '/api/binyan/apartment-holds?buildingId=101')).body.records?.map((h) => h.apartmentId)).toEqual([apartmentId]);
    expect((await as('admin', 'DELETE', `/api/binyan/apartments/${apartmentId}/hold`)).status).toBe(200);
  });
});

describe('building settings', () => {
  const building = async () => (await as('miri', 'GET', '/api/binyan/buildings')).body.records?.find((b) => b.id === (102 as unknown as string));

  it('lets only management staff change the bank account, refusing a worker', async () => {
    const b = await building();
    const byWorker = await as('avi', 'PATCH', '/api/binyan/buildings/102', {
      baseVersion: b?.version,
      changes: { bankAccount: '12-345-999999', accountName: 'Someone else' },
    });
    expect(byWorker.status).toBe(403);
    expect(byWorker.body).toMatchObject(notAllowed);
    expect((await building())?.bankAccount).toBe(b?.bankAccount);
    const byManager = await as('miri', 'PATCH', '/api/binyan/buildings/102', {
      baseVersion: b?.version,
      changes: { bankAccount: '12-345-678901', accountName: 'ועד הבית' },
    });
    expect(byManager.status).toBe(200);
    expect(byManager.body.record).toMatchObject({ bankAccount: '12-345-678901', accountName: 'ועד הבית' });
  });

  it('checks the bank account format and takes a logo only as an uploaded image or a path on this site', async () => {
    const b = await building();
    const change = (changes: Record<string, unknown>) => as('miri', 'PATCH', '/api/binyan/buildings/102', { baseVersion: b?.version, changes });
    const badAccount = await change({ bankAccount: '12345' });
    expect(badAccount.status).toBe(422);
    expect(badAccount.body.error).toMatchObject({ field: 'bankAccount', messageKey: 'errors:invalidBankAccount' });
    for (const logoUrl of ['https://evil.example/logo.png', '//evil.example/logo.png', 'javascript:alert(1)', 'no-such-file']) {
      const refused = await change({ logoUrl });
      expect(refused.status, logoUrl).toBe(422);
      expect(refused.body.error, logoUrl).toMatchObject({ field: 'logoUrl', messageKey: 'errors:invalidLogo' });
    }
    // Another company's uploaded file is not a logo of this one.
    expect((await change({ logoUrl: 'seed-photo-2002' })).status).toBe(422);
    const ok = await change({ logoUrl: 'seed-photo-1001' });
    expect(ok.status).toBe(200);
    expect(ok.body.record?.logoUrl).toBe('seed-photo-1001');
  });
});

describe('permission flags', () => {
  it('closes service calls and checks to a worker whose flags are off, on the server', async () => {
    for (const [method, path] of [
      ['GET', '/api/binyan/service-calls'],
      ['GET', '/api/binyan/check/toFill'],
      ['POST', '/api/binyan/check/deposit/start'],
    ] as const) {
      const reply = await as('noam', method, path, method === 'GET' ? undefined : {});
      expect(reply.status, path).toBe(403);
      expect(reply.body, path).toMatchObject(notAllowed);
    }
    // The rest of his work is open to him.
    expect((await as('noam', 'GET', '/api/binyan/buildings/105/meters')).status).toBe(200);
  });

  it('closes card clearing (card settings, refunds, the office’s payments list) to management staff without PermClearing', async () => {
    const clearing: [string, string, unknown][] = [
      ['GET', '/api/binyan/buildings/101/billing-settings', undefined],
      ['PUT', '/api/binyan/buildings/101/billing-settings', { baseVersion: 1, settings: {} }],
      ['GET', '/api/binyan/payments?buildingId=101', undefined],
      ['GET', '/api/binyan/payments/no-such-id/refunds', undefined],
      ['POST', '/api/binyan/payments/no-such-id/refunds', { id: newId(), amountAgorot: 100 }],
    ];
    // miri has the flag in the demo; admin is a manager-level user whose flag is switched off here.
    expect(actors.get('miri')?.flags.PermClearing).toBe(1);
    for (const [method, path, body] of clearing) expect((await as('miri', method, path, body)).body, `${method} ${path}`).not.toMatchObject(notAllowed);
    const db = openDatabase(server.database);
    try {
      await db.run(db.q.updateTable('users').set({ permClearing: 0 }).where('userName', '=', 'admin').where('companyId', '=', 1001));
      const login = await loginAs(server, 'admin');
      // The screens read the same table with the flags the sign-in answers: they hide card clearing too.
      const actor = actorFrom({
        role: String(login.user.role),
        PermSrvCall: 1,
        PermClearing: Number(login.user.PermClearing),
        showChecksDeposit: 1,
        allowReceptionistModule: 1,
      });
      for (const action of ['billingSettings.read', 'billingSettings.edit', 'payments.read', 'payments.refund'] as const)
        expect(can(actor, action), action).toBe(false);
      for (const [method, path, body] of clearing) {
        const reply = await call<Reply>(server, method, path, { token: login.token, ...(body === undefined ? {} : { body }) });
        expect(reply.status, `${method} ${path}`).toBe(403);
        expect(reply.body, `${method} ${path}`).toMatchObject(notAllowed);
      }
      // The rest of the building's settings stay his.
      expect((await call<Reply>(server, 'GET', '/api/binyan/apartment-holds?buildingId=101', { token: login.token })).status).toBe(200);
    } finally {
      await db.run(db.q.updateTable('users').set({ permClearing: 1 }).where('userName', '=', 'admin').where('companyId', '=', 1001));
      await db.close();
      tokens.set('admin', (await loginAs(server, 'admin')).token);
    }
  });

  it('opens keys and mail to a guard only through the receptionist module', async () => {
    expect((await as('shimon', 'GET', '/api/binyan/keys?buildingId=102')).status).toBe(200);
    expect((await as('shimon', 'GET', '/api/binyan/service-calls?buildingId=102')).status).toBe(200);
    expect((await as('shimon', 'GET', '/api/binyan/buildings/102/meters')).status).toBe(403);
  });
});

describe('who did it', () => {
  it('records the signed-in worker as the creator of a call and of an update, whatever the body says', async () => {
    const id = newId();
    const created = await as('avi', 'POST', '/api/binyan/service-calls', {
      id,
      buildingId: 101,
      domain: 'plumbing',
      description: 'נזילה בחדר המדרגות',
      createdBy: 'someone-else',
    });
    expect(created.status).toBe(201);
    const me = (await as('avi', 'POST', '/api/utils/sessionToken/GetData', [])).body as unknown as { workerGUID: string };
    expect(created.body.record?.createdBy).toBe(me.workerGUID);
    const update = await as('avi', 'POST', `/api/binyan/service-calls/${id}/updates`, { id: newId(), text: 'הגעתי למקום', createdBy: 'מישהו אחר' });
    expect(update.body.record?.createdBy).toBe('אבי כהן');
  });
});

describe('the committee’s books', () => {
  it('closes the books to field workers and tenants, opens them to the committee for her building only', async () => {
    for (const user of ['avi', 'yossi', 'moshe', 'shimon', 'eli']) {
      const reply = await as(user, 'GET', '/api/binyan/buildings/101/expenses');
      expect(reply.status, user).toBe(403);
      expect(reply.body, user).toMatchObject(notAllowed);
    }
    expect((await as('rina', 'GET', '/api/binyan/buildings/101/ledger')).status).toBe(200);
    expect((await as('rina', 'GET', '/api/binyan/buildings/104/ledger')).body).toMatchObject(notAssigned);
    const approve = await as('avi', 'POST', '/api/binyan/bids/no-such-id/approve', { baseVersion: 1 });
    expect(approve.body).toMatchObject(notAllowed);
  });
});

describe('receipts and refunds of tenants’ payments', () => {
  it('gives a receipt to the payer and the building’s office, and a refund only to management staff', async () => {
    await approveTerms(server, tokens.get('moshe') ?? '');
    const mine = (await as('moshe', 'GET', '/api/binyan/my/account')).body as unknown as { apartments: { apartmentId: string; debts: { id: string }[] }[] };
    const apartment = mine.apartments[0];
    if (!apartment) throw new Error('the demo tenant has an apartment');
    const card = (
      await as(
        'moshe',
        'POST',
        '/api/binyan/my/cards',
        await enteredCard(() => as('moshe', 'POST', '/api/binyan/my/cards/entry', {}), testCards.success, false),
      )
    ).body.record;
    const chargeIds = [apartment.debts[0]?.id ?? ''];
    const quote = (await as('moshe', 'POST', '/api/binyan/my/payments/quote', { apartmentId: apartment.apartmentId, chargeIds, cardId: card?.id }))
      .body as unknown as { quote: { total: number } };
    const id = newId();
    const paid = await call<Reply>(server, 'POST', '/api/binyan/my/payments', {
      token: tokens.get('moshe') ?? '',
      idempotencyKey: id,
      body: { id, apartmentId: apartment.apartmentId, chargeIds, cardId: card?.id, expectedTotalAgorot: quote.quote.total },
    });
    expect(paid.status, paid.text).toBe(200);
    const receipt = `/api/binyan/payments/${id}/receipt.pdf`;
    for (const user of ['moshe', 'miri', 'admin', 'rina']) expect((await as(user, 'GET', receipt)).status, user).toBe(200);
    for (const user of ['avi', 'yossi', 'shimon', 'eli']) expect((await as(user, 'GET', receipt)).body, user).toMatchObject(notAllowed);
    for (const user of ['moshe', 'tali', 'rina', 'avi'])
      expect((await as(user, 'POST', `/api/binyan/payments/${id}/refunds`, { id: newId(), amountAgorot: 100 })).body, user).toMatchObject(notAllowed);
    expect((await as('miri', 'POST', `/api/binyan/payments/${id}/refunds`, { id: newId(), amountAgorot: 100 })).status).toBe(200);
  });
});

describe('the management company’s customised sites', () => {
  it('lets every role read the list and only management staff change it', async () => {
    for (const user of Object.keys(users)) expect((await as(user, 'GET', '/api/binyan/company/sites')).status, user).toBe(200);
    for (const user of ['avi', 'yossi', 'rina', 'moshe', 'tali', 'shimon', 'eli']) {
      expect((await as(user, 'PUT', '/api/binyan/company/sites', { sites: [] })).body, user).toMatchObject(notAllowed);
    }
    const sites = (await as('miri', 'GET', '/api/binyan/company/sites')).body as unknown as { sites: string[] };
    for (const user of ['miri', 'admin']) expect((await as(user, 'PUT', '/api/binyan/company/sites', { sites: sites.sites })).status, user).toBe(200);
  });
});
