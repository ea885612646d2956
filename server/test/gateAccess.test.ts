// Who may open a gate (issue 27, item 1): a gate opens only for those it names — a caller whose own
// phone is on its list (dialed from that phone), or, for a public gate, a resident of its building
// through the gate's own line — never from another person's number. Suppliers, the front desk and a
// renter without parking are refused and never dialed; opens are limited per user and per gate; the
// dialer is called once per key, after the request is committed, and a failed dial is recorded; the
// phone list is shown only to those who manage gates, and they read who opened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialRequest, DialResult } from '../src/gates/gateDialer.ts';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import type { TestServer } from './harness.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';

type Access = { allowed: boolean; via?: string; reason?: string };
type GateView = {
  id: string;
  name: string;
  isPublic: boolean;
  version: number;
  gatePhone?: string;
  dialingPhones?: string[];
  dialerLine?: string | null;
  access: Access;
};
type Opening = { id: string; status: string; dialedFrom: string; via: string; reason: string | null; userId?: number; userName?: string };
type Reply = {
  record?: Opening & GateView;
  records?: (GateView & Opening)[];
  tel?: string;
  results?: { status: number; body: Reply }[];
  error?: { code: string; messageKey: string; field?: string };
};

const MINUTE = 60_000;
const phones = { moshe: '0534445566', tali: '0545556677', rina: '0523334455', eli: '0527778899', shimon: '0556667788' };

let server: TestServer;
let reader: Database;
const dials: DialRequest[] = [];
/** gate id → what the dialer does for it (default: dialed). */
const dialerBehaviour = new Map<string, (request: DialRequest) => Promise<DialResult>>();
/** What another connection saw of the opening when the dialer rang (proves the dial follows the commit). */
const seenWhenDialed = new Map<string, string | null>();
const tokens = new Map<string, string>();
const userIds = new Map<string, number>();

beforeAll(async () => {
  server = await startTestServer({
    usageLimits: { gateOpensPerUser: { max: 4, windowMs: 10 * MINUTE }, gateOpensPerGate: { max: 6, windowMs: 10 * MINUTE } },
    gateDialer: {
      dial: async (request) => {
        dials.push(request);
        const row = await reader.first(reader.q.selectFrom('gate_openings').select('status').where('id', '=', request.openingId));
        seenWhenDialed.set(request.openingId, row?.status ?? null);
        const behaviour = dialerBehaviour.get(request.gateId);
        return behaviour ? behaviour(request) : { status: 'dialed', reason: null };
      },
      ringWithCode: async () => ({ status: 'dialed', reason: null }),
    },
  });
  reader = openDatabase(server.database);
  for (const name of ['moshe', 'tali', 'rina', 'miri', 'eli', 'shimon', 'avi']) {
    const login = await loginAs(server, name);
    tokens.set(name, login.token);
    userIds.set(name, Number(login.user.userID));
  }
  const other = await loginAs(server, 'other', 2002);
  tokens.set('other', other.token);
});
afterAll(async () => {
  await reader.close();
  await server.close();
});

const as = (user: string, method: string, path: string, body?: unknown, idempotencyKey?: string) =>
  call<Reply>(server, method, `/api/binyan${path}`, {
    token: tokens.get(user) ?? '',
    ...(body !== undefined ? { body } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
const gatesOf = async (user: string, bid: number) => (await as(user, 'GET', `/buildings/${bid}/gates`)).body.records ?? [];
const open = (user: string, gateId: string, id = newId(), key?: string) => as(user, 'POST', `/gates/${gateId}/open`, { id }, key);
const dialsOf = (gateId: string) => dials.filter((d) => d.gateId === gateId);

/** Each test starts with fresh limit windows (the server's clock moves past them). */
const freshWindows = () => server.clock.advance(11 * MINUTE);

async function seededGate(bid: number, name: string): Promise<GateView> {
  const gate = (await gatesOf('miri', bid)).find((g) => g.name === name);
  if (!gate) throw new Error(`building ${bid} has the demo gate ${name}`);
  return gate;
}

async function newGate(
  by: string,
  fields: { dialingPhones: string[]; isPublic?: boolean; dialerLine?: string | null; buildingId?: number },
): Promise<GateView> {
  const body = {
    id: newId(),
    buildingId: fields.buildingId ?? 101,
    name: `שער ${newId().slice(0, 6)}`,
    gatePhone: '035551234',
    isPublic: false,
    dialerLine: null,
    ...fields,
  };
  const created = await as(by, 'POST', '/gates', body);
  expect(created.status, created.text).toBe(201);
  return created.body.record as GateView;
}

describe('who a gate opens for', () => {
  it('refuses a supplier, the front desk and a renter the gate does not list, and never dials for them', async () => {
    freshWindows();
    const parking = await seededGate(101, 'שער חניון');
    const main = await seededGate(101, 'שער ראשי');
    const deskGate = await seededGate(102, 'שער חניון');
    const ownersOnly = await newGate('miri', { dialingPhones: [phones.moshe] });
    const attempts = [
      ['eli', parking.id],
      ['eli', main.id],
      ['shimon', deskGate.id],
      ['avi', parking.id],
      ['tali', ownersOnly.id],
    ] as const;
    for (const [user, gateId] of attempts) {
      const refused = await open(user, gateId);
      expect(refused.status, `${user} ${refused.text}`).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'GATE_NOT_FOR_YOU', messageKey: 'errors:gateNotForYou' });
      expect(dialsOf(gateId), user).toEqual([]);
    }
    // Their screen knows it before they try.
    expect((await gatesOf('tali', 101)).find((g) => g.id === ownersOnly.id)?.access).toEqual({ allowed: false, reason: 'gateNotForYou' });
    expect((await gatesOf('eli', 101)).find((g) => g.id === parking.id)?.access).toEqual({ allowed: false, reason: 'gateNotForYou' });
  });

  it('dials a listed caller from their own number only, a supplier or the front desk too once the gate names them', async () => {
    freshWindows();
    const parking = await seededGate(101, 'שער חניון');
    const opened = await open('moshe', parking.id);
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ tel: `tel:${parking.gatePhone ?? ''}`, record: { status: 'dialed', via: 'ownPhone', dialedFrom: phones.moshe } });
    expect(dialsOf(parking.id).map((d) => d.from)).toEqual([phones.moshe]);

    const supplierGate = await newGate('miri', { dialingPhones: [phones.moshe, phones.eli] });
    expect((await open('eli', supplierGate.id)).body.record).toMatchObject({ status: 'dialed', dialedFrom: phones.eli });
    const deskGate = await newGate('miri', { buildingId: 102, dialingPhones: ['972556667788'] });
    expect((await open('shimon', deskGate.id)).body.record).toMatchObject({ status: 'dialed', dialedFrom: '972556667788' });
    // Whoever else asks is never dialed from a listed number.
    expect(dialsOf(supplierGate.id).map((d) => d.from)).toEqual([phones.eli]);
    expect((await open('tali', supplierGate.id)).status).toBe(403);
    expect(dialsOf(supplierGate.id)).toHaveLength(1);
  });

  it('dials from the caller’s own phone only for a session whose code went to that phone, also once renewed', async () => {
    freshWindows();
    const ownersGate = await newGate('miri', { dialingPhones: [phones.moshe] });
    const signIn = async (method: 'email' | 'sms') => {
      server.otpCodes.delete('moshe');
      const start = await call<{ otpGuid: string; sendMethod: string }>(server, 'POST', '/api/auth/otp/start', {
        body: { idParam1: 'moshe', idParam2: 'demo1234', compID: 1001, appId: 2, appGuid: 'test', otpPreferredSendMethod: method },
        idempotencyKey: null,
      });
      expect(start.body.sendMethod).toBe(method);
      const deviceId = `device-${newId()}`;
      const auth = await call<{ sessionToken: string; renewalSecret: string }>(server, 'POST', '/api/auth/otp/auth', {
        body: { otpGuid: start.body.otpGuid, otpCode: await server.waitForOtp('moshe'), deviceId },
        idempotencyKey: null,
      });
      expect(auth.status, auth.text).toBe(200);
      const renewed = await call<{ sessionToken: string }>(server, 'POST', '/api/auth/session/renew', {
        body: { renewalSecret: auth.body.renewalSecret, deviceId },
        idempotencyKey: null,
      });
      expect(renewed.status, renewed.text).toBe(200);
      return [auth.body.sessionToken, renewed.body.sessionToken];
    };
    const openWith = (token: string) =>
      call<Reply>(server, 'POST', `/api/binyan/gates/${ownersGate.id}/open`, { token, body: { id: newId() }, idempotencyKey: newId() });
    const listWith = async (token: string) =>
      (await call<Reply>(server, 'GET', '/api/binyan/buildings/101/gates', { token })).body.records?.find((g) => g.id === ownersGate.id)?.access;

    // A code by e-mail proves an address, not the phone: the gate is not dialed from it, before or after a renewal.
    for (const token of await signIn('email')) {
      expect(await listWith(token)).toEqual({ allowed: false, reason: 'phoneMustBeVerified' });
      const refused = await openWith(token);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'PHONE_NOT_VERIFIED', messageKey: 'errors:phoneMustBeVerified' });
    }
    expect(dialsOf(ownersGate.id)).toEqual([]);
    // A code by SMS to that phone proves it; its renewed session too.
    for (const token of await signIn('sms')) {
      expect(await listWith(token)).toEqual({ allowed: true, via: 'ownPhone' });
      expect((await openWith(token)).body.record).toMatchObject({ status: 'dialed', dialedFrom: phones.moshe });
    }
    expect(dialsOf(ownersGate.id)).toHaveLength(2);
  });

  it('opens a public gate to every resident of its building through the gate line, never from a resident’s number', async () => {
    freshWindows();
    const main = await seededGate(101, 'שער ראשי');
    const line = main.dialerLine ?? '';
    expect(line).toMatch(/^0\d{9}$/);
    const opened = await open('tali', main.id);
    expect(opened.status).toBe(201);
    expect(opened.body.record).toMatchObject({ status: 'dialed', via: 'gateLine', dialedFrom: line });
    // Her phone is not on the gate's list: dialing it herself would not open it, so no tel: link.
    expect(opened.body.tel).toBeUndefined();
    expect(dialsOf(main.id).map((d) => d.from)).toEqual([line]);
    expect((await gatesOf('moshe', 101)).find((g) => g.id === main.id)?.access).toEqual({ allowed: true, via: 'gateLine' });

    // A public gate without a line of its own: residents not on its list are told so.
    const noLine = await newGate('rina', { isPublic: true, dialingPhones: [phones.rina] });
    const refused = await open('tali', noLine.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'GATE_HAS_NO_LINE', messageKey: 'errors:gateHasNoLine' });
    expect(dialsOf(noLine.id)).toEqual([]);
  });

  it('keeps the gate line the gate’s own number, never a person’s', async () => {
    const gate = await newGate('rina', { isPublic: true, dialingPhones: [phones.rina], dialerLine: '0772999888' });
    expectRefused(
      await as('rina', 'PATCH', `/gates/${gate.id}`, { baseVersion: gate.version, changes: { dialerLine: phones.moshe } }),
      'gateLineIsPersonalNumber',
      { field: 'dialerLine' },
    );
    expectRefused(
      await as('rina', 'PATCH', `/gates/${gate.id}`, { baseVersion: gate.version, changes: { dialerLine: '972523334455' } }),
      'gateLineIsPersonalNumber',
      { field: 'dialerLine' },
    );
    expect((await as('moshe', 'PATCH', `/gates/${gate.id}`, { baseVersion: gate.version, changes: { dialerLine: '0772999777' } })).body.error?.code).toBe(
      'NOT_ALLOWED',
    );
  });

  it('refuses another building’s and another company’s gate', async () => {
    freshWindows();
    const other = await seededGate(102, 'שער ראשי');
    expect((await open('tali', other.id)).body.error?.code).toBe('BUILDING_NOT_ASSIGNED');
    const parking = await seededGate(101, 'שער חניון');
    expect((await open('other', parking.id)).status).toBe(403);
    expect(dialsOf(other.id)).toEqual([]);
    expect(dialsOf(parking.id).every((d) => d.companyId === 1001)).toBe(true);
  });

  it('limits opens per user and per gate, with Retry-After', async () => {
    freshWindows();
    const gate = await newGate('miri', { dialingPhones: [phones.moshe, phones.tali, phones.rina] });
    const spare = await newGate('miri', { dialingPhones: [phones.moshe] });
    for (let i = 0; i < 4; i++) expect((await open('moshe', gate.id)).status).toBe(201);
    const overUser = await open('moshe', spare.id);
    expect(overUser.status).toBe(429);
    expect(Number(overUser.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(dialsOf(spare.id)).toEqual([]);
    for (let i = 0; i < 2; i++) expect((await open('tali', gate.id)).status).toBe(201);
    const overGate = await open('rina', gate.id);
    expect(overGate.status).toBe(429);
    expect(overGate.body.error?.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(overGate.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(dialsOf(gate.id)).toHaveLength(6);
    // A refused caller spends nothing: the window is the listed callers'.
    freshWindows();
    expect((await open('moshe', spare.id)).status).toBe(201);
  });
});

describe('the dial', () => {
  it('is made once per key after the request is committed, also for concurrent repeats', async () => {
    freshWindows();
    const parking = await seededGate(101, 'שער חניון');
    const before = dialsOf(parking.id).length;
    const id = newId();
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => open('tali', parking.id, id, key)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
    expect(new Set(answers.map((a) => a.body.record?.id))).toEqual(new Set([id]));
    expect(dialsOf(parking.id).length - before).toBe(1);
    // Another connection already saw the request (taken for dialing) when the dialer rang.
    expect(seenWhenDialed.get(id)).toBe('dialing');
    // A later repeat reads the outcome, and dials nothing.
    expect((await open('tali', parking.id, id, key)).body.record).toMatchObject({ id, status: 'dialed' });
    expect(dialsOf(parking.id).length - before).toBe(1);
  });

  it('records a failed dial, whether the dialer says so or cannot be reached', async () => {
    freshWindows();
    const refusing = await newGate('miri', { dialingPhones: [phones.tali] });
    const broken = await newGate('miri', { dialingPhones: [phones.tali] });
    dialerBehaviour.set(refusing.id, async () => ({ status: 'failed', reason: 'busy' }));
    dialerBehaviour.set(broken.id, async () => Promise.reject(new Error('telephony down')));
    expect((await open('tali', refusing.id)).body.record).toMatchObject({ status: 'failed', reason: 'busy' });
    const down = await open('tali', broken.id);
    expect(down.status).toBe(201);
    expect(down.body.record).toMatchObject({ status: 'failed', reason: 'dialerUnavailable' });
    const openings = (await as('miri', 'GET', `/gates/${broken.id}/openings`)).body.records ?? [];
    expect(openings).toEqual([
      expect.objectContaining({ status: 'failed', reason: 'dialerUnavailable', userId: userIds.get('tali'), userName: 'טלי גולן', via: 'ownPhone' }),
    ]);
  });

  it('is refused inside a sync batch, whose changes commit only at its end', async () => {
    const parking = await seededGate(101, 'שער חניון');
    const before = dialsOf(parking.id).length;
    for (const path of [`binyan/gates/${parking.id}/open`, `binyan/gates/${parking.id}/%6fpen`, `binyan/gates/${parking.id}/open/?again=1`]) {
      const key = crypto.randomUUID();
      const batch = await as('tali', 'POST', '/sync/batch', { items: [{ key, method: 'POST', path, body: { id: newId() }, record: `gateOpenings:${key}` }] });
      expect(batch.status).toBe(200);
      expect(batch.body.results?.[0], path).toMatchObject({
        status: 422,
        body: { error: { code: 'BATCH_PATH_REFUSED', messageKey: 'errors:batchPathRefused' } },
      });
    }
    expect(dialsOf(parking.id).length).toBe(before);
  });

  it('refuses an opening id already used by another user', async () => {
    freshWindows();
    const parking = await seededGate(101, 'שער חניון');
    const id = newId();
    expect((await open('tali', parking.id, id)).status).toBe(201);
    const before = dialsOf(parking.id).length;
    expect((await open('moshe', parking.id, id)).status).toBe(403);
    expect((await open('tali', parking.id, id)).status).toBe(409);
    expect(dialsOf(parking.id).length).toBe(before);
  });
});

describe('what readers of gates see', () => {
  it('shows the phone list and the line only to those who manage gates', async () => {
    for (const user of ['moshe', 'tali', 'eli', 'avi']) {
      for (const gate of await gatesOf(user, 101)) {
        expect(gate.dialingPhones, user).toBeUndefined();
        expect(gate.dialerLine, user).toBeUndefined();
        expect(gate.access, user).toBeDefined();
        if (!(gate.access.allowed && gate.access.via === 'ownPhone')) expect(gate.gatePhone, user).toBeUndefined();
      }
    }
    const text = (await as('tali', 'GET', '/buildings/101/gates')).text;
    expect(text).not.toContain(phones.moshe);
    expect(text).not.toContain(phones.rina);
    for (const user of ['miri', 'rina'])
      expect(
        (await gatesOf(user, 101)).every((g) => Array.isArray(g.dialingPhones)),
        user,
      ).toBe(true);
  });

  it('lets those who manage gates read who opened, and nobody else', async () => {
    freshWindows();
    const main = await seededGate(101, 'שער ראשי');
    const opened = await open('moshe', main.id);
    const openings = (await as('rina', 'GET', `/gates/${main.id}/openings`)).body.records ?? [];
    expect(openings).toContainEqual(
      expect.objectContaining({ id: opened.body.record?.id, userId: userIds.get('moshe'), userName: 'משה פרץ', via: 'gateLine', status: 'dialed' }),
    );
    for (const user of ['moshe', 'tali', 'eli', 'avi'])
      expect((await as(user, 'GET', `/gates/${main.id}/openings`)).body.error?.code, user).toBe('NOT_ALLOWED');
    const otherBuilding = await seededGate(102, 'שער ראשי');
    expect((await as('rina', 'GET', `/gates/${otherBuilding.id}/openings`)).body.error?.code).toBe('BUILDING_NOT_ASSIGNED');
  });
});
