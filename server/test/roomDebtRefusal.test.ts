// A building may refuse room bookings to apartments with a past-due debt (issue 31 item 7; spec 8 "there is
// a debt"): a billing setting, off by default. On, a tenant in arrears is refused with that message, staff
// booking for the apartment alike; an apartment whose debts are not yet due still books; off again, the
// tenant books. A client that does not know the setting saves the other settings and leaves it as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocalDays, israelWallClock } from '../../src/lib/dates.ts';
import type { BuildingBillingSettings } from '../../src/lib/domain/billingSettingsRules.ts';
import type { TestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Settings = BuildingBillingSettings & { version: number };
type Account = { apartmentId: string; debts: { dueDate: string; openAgorot: number }[] };
type Body = {
  record?: Settings & { id: string };
  records?: { id: string; name: string }[];
  apartments?: Account[];
  error?: { code: string; messageKey: string; field?: string };
};

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['miri', 'moshe']) tokens.set(name, (await loginAs(server, name)).token);
  await approveTerms(server, tokens.get('moshe') ?? '');
  await approveTerms(server, tokens.get('miri') ?? '');
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown) =>
  call<Body>(server, method, `/api/binyan${path}`, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}), idempotencyKey: newId() });
const today = () => israelWallClock(server.clock.now()).slice(0, 10);
const settings = async () => (await as('miri', 'GET', '/buildings/101/billing-settings')).body.record as Settings;
const save = async (changes: Partial<BuildingBillingSettings>) => {
  const { version, cardPayments, fixedAgorot, percentBasisPoints, vat, foreignCardFixedAgorot, dinersAmexPercentBasisPoints } = await settings();
  const reply = await as('miri', 'PUT', '/buildings/101/billing-settings', {
    baseVersion: version,
    settings: { cardPayments, fixedAgorot, percentBasisPoints, vat, foreignCardFixedAgorot, dinersAmexPercentBasisPoints, ...changes },
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.record as Settings;
};
const clubRoom = async () => {
  const room = (await as('moshe', 'GET', '/buildings/101/rooms')).body.records?.find((r) => r.name === 'חדר מועדון');
  if (!room) throw new Error('the seed has a club room');
  return room.id;
};
const mosheApartment = async () => {
  const home = (await as('moshe', 'GET', '/my/account')).body.apartments?.[0];
  if (!home) throw new Error('moshe has an apartment');
  return home;
};
let slot = 0;
const book = async (user: string, apartmentId?: string) => {
  const day = addLocalDays(today(), 2 + slot++);
  return as(user, 'POST', '/room-bookings', {
    id: newId(),
    roomId: await clubRoom(),
    start: `${day}T09:00`,
    end: `${day}T10:00`,
    ...(apartmentId ? { apartmentId } : {}),
  });
};

describe('room bookings refused to an apartment in arrears', () => {
  it('is off by default: a tenant with a past-due debt books', async () => {
    const home = await mosheApartment();
    expect(home.debts.some((d) => d.openAgorot > 0 && d.dueDate < today())).toBe(true);
    expect((await settings()).refuseRoomsWithDebt).toBe(false);
    expect((await book('moshe')).status).toBe(201);
  });

  it('once the building turns it on, refuses the tenant and staff booking for the apartment with "there is a debt"', async () => {
    expect((await save({ refuseRoomsWithDebt: true })).refuseRoomsWithDebt).toBe(true);
    const refused = await book('moshe');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'THERE_IS_A_DEBT', messageKey: 'errors:thereIsADebt' });
    const byStaff = await book('miri', (await mosheApartment()).apartmentId);
    expect(byStaff.body.error?.messageKey).toBe('errors:thereIsADebt');
  });

  it('keeps the choice when a client that does not know the setting saves the others', async () => {
    expect((await save({})).refuseRoomsWithDebt).toBe(true);
  });

  it('lets the tenant book again once the building turns it off', async () => {
    expect((await save({ refuseRoomsWithDebt: false })).refuseRoomsWithDebt).toBe(false);
    expect((await book('moshe')).status).toBe(201);
  });
});
