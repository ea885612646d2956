// Registration links managed by the office (issue 14): management staff list a building's links with
// their apartment, role, creation, use and expiry, make one limited to the owner or the renter and
// expiring on a date, and revoke one; a revoked or expired link registers nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Link = {
  code: string;
  apartmentId: string;
  apartmentNumber: string | null;
  role: string | null;
  expiresOn: string | null;
  usedAt: string | null;
  state: string;
  path: string;
  createdAt: string;
};
type Refusal = { error?: { code: string; messageKey: string; field?: string } };

let server: TestServer;
let miri = '';
let apartment = { id: '', buildingId: 0, number: '' };
let owner = '';
let renter = '';

beforeAll(async () => {
  server = await startTestServer();
  miri = (await loginAs(server, 'miri')).token;
  const db = openDatabase(server.database);
  try {
    // An apartment of the demo with both an owner and a renter registered by the company.
    const rows = await db.all(
      db.q.selectFrom('contacts').select(['apartmentId', 'role', 'phone']).where('companyId', '=', 1001).where('role', 'in', ['owner', 'renter']),
    );
    const both = rows.find((r) => r.role === 'renter' && r.phone && rows.some((o) => o.apartmentId === r.apartmentId && o.role === 'owner' && o.phone));
    if (!both?.apartmentId) throw new Error('the demo has an apartment with an owner and a renter');
    renter = both.phone ?? '';
    owner = rows.find((o) => o.apartmentId === both.apartmentId && o.role === 'owner')?.phone ?? '';
    const a = await db.first(db.q.selectFrom('apartments').select(['id', 'buildingId', 'number']).where('id', '=', both.apartmentId));
    if (!a) throw new Error('apartment');
    apartment = a;
  } finally {
    await db.close();
  }
});
afterAll(async () => server.close());

const make = (body: Record<string, unknown>) => call<Refusal & { record: Link }>(server, 'POST', '/api/binyan/tenant-links', { token: miri, body });
const list = async () =>
  (await call<{ records: Link[] }>(server, 'GET', `/api/binyan/tenant-links?buildingId=${apartment.buildingId}`, { token: miri })).body.records;
const register = (code: string, phone: string) =>
  call<Refusal & { codeSent?: boolean; otpGuid?: string }>(server, 'POST', '/api/auth/register/start', { body: { code, phone }, idempotencyKey: null });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('registration links in the office', () => {
  it('makes a link for the renter only, expiring on a date, listed as unused with its apartment', async () => {
    const made = await make({ apartmentId: apartment.id, role: 'renter', expiresOn: inDays(10) });
    expect(made.status, made.text).toBe(201);
    expect(made.body.record).toMatchObject({
      apartmentId: apartment.id,
      apartmentNumber: apartment.number,
      role: 'renter',
      expiresOn: inDays(10),
      state: 'unused',
      usedAt: null,
    });
    expect(made.body.record.path).toBe(`/register/1001/${made.body.record.code}`);
    const listed = (await list()).find((l) => l.code === made.body.record.code);
    expect(listed).toMatchObject({ role: 'renter', state: 'unused', apartmentNumber: apartment.number });

    // The owner is not who this link is for; the renter registers with the code, and the link shows as used.
    expect((await register(made.body.record.code, owner)).body.error).toMatchObject({ messageKey: 'errors:contactManagementCompany' });
    server.otpCodes.delete(renter);
    const byRenter = await register(made.body.record.code, renter);
    expect(byRenter.body.codeSent, byRenter.text).toBe(true);
    expect((await list()).find((l) => l.code === made.body.record.code)?.state).toBe('unused');
    const code = await server.waitForOtp(renter);
    const verified = await call(server, 'POST', '/api/auth/otp/auth', { body: { otpGuid: byRenter.body.otpGuid, otpCode: code }, idempotencyKey: null });
    expect(verified.status, verified.text).toBe(200);
    const used = (await list()).find((l) => l.code === made.body.record.code);
    expect(used?.state).toBe('used');
    expect(used?.usedAt).toBeTruthy();
  });

  it('refuses an expiry in the past and a role that is not owner or renter', async () => {
    const past = await make({ apartmentId: apartment.id, expiresOn: '2020-01-01' });
    expect(past.status).toBe(422);
    expect(past.body.error).toMatchObject({ field: 'expiresOn', messageKey: 'errors:linkExpiryInPast' });
    expect((await make({ apartmentId: apartment.id, role: 'committee' })).status).toBe(422);
    expect((await make({ apartmentId: apartment.id, expiresOn: '31/12/2030' })).body.error).toMatchObject({
      field: 'expiresOn',
      messageKey: 'errors:invalidDate',
    });
  });

  it('revokes a link once: it leaves the list and registers nobody, a second revoke answers the same', async () => {
    const made = (await make({ apartmentId: apartment.id })).body.record;
    const key = newId();
    const revoke = () => call<{ record: Link }>(server, 'DELETE', `/api/binyan/tenant-links/${made.code}`, { token: miri, idempotencyKey: key });
    const first = await revoke();
    expect(first.status, first.text).toBe(200);
    expect(first.body.record.state).toBe('revoked');
    expect((await revoke()).body.record).toEqual(first.body.record);
    expect((await list()).some((l) => l.code === made.code)).toBe(false);
    expect((await register(made.code, owner)).body.error).toMatchObject({ code: 'INVALID_REGISTRATION_LINK' });
    expect((await call(server, 'DELETE', '/api/binyan/tenant-links/no-such-link', { token: miri })).status).toBe(404);
  });

  it('shows a link past its expiry as expired, and it registers nobody', async () => {
    const made = (await make({ apartmentId: apartment.id, expiresOn: inDays(1) })).body.record;
    const db = openDatabase(server.database);
    await db.run(db.q.updateTable('tenant_links').set({ expiresOn: '2020-01-01' }).where('code', '=', made.code));
    await db.close();
    expect((await list()).find((l) => l.code === made.code)?.state).toBe('expired');
    expect((await register(made.code, owner)).body.error).toMatchObject({ code: 'INVALID_REGISTRATION_LINK' });
  });
});
