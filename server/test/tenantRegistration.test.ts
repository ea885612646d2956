// Tenant registration from the company's link (issue 14; spec 6): the phone the company registered on
// the apartment gets the sign-in's one-time code and becomes an owner or renter of that apartment; any
// other phone is told to contact the management company that sent the link. The link is how the
// tenant signs in again later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, startTestServer } from './harness.ts';

type Start = { codeSent?: boolean; otpGuid?: string; error?: { code: string; messageKey: string; field?: string } };

let server: TestServer;
let link: { code: string; apartmentId: string };
let phone = '';

beforeAll(async () => {
  server = await startTestServer();
  const db = openDatabase(server.database);
  try {
    const row = await db.first(db.q.selectFrom('tenant_links').select(['code', 'apartmentId']));
    if (!row) throw new Error('the demo has a registration link');
    link = row;
    const owner = await db.first(db.q.selectFrom('contacts').select('phone').where('apartmentId', '=', link.apartmentId).where('role', '=', 'owner'));
    phone = owner?.phone ?? '';
  } finally {
    await db.close();
  }
});
afterAll(async () => server.close());

const start = (code: string, p: string) => call<Start>(server, 'POST', '/api/auth/register/start', { body: { code, phone: p }, idempotencyKey: null });

async function signInWithLink(): Promise<{ token: string; user: Record<string, unknown> }> {
  server.otpCodes.delete(phone);
  const started = await start(link.code, `${phone.slice(0, 3)}-${phone.slice(3)}`);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.codeSent).toBe(true);
  const code = await server.waitForOtp(phone);
  const auth = await call<{ sessionToken: string; user: Record<string, unknown> }>(server, 'POST', '/api/auth/otp/auth', { body: { otpGuid: started.body.otpGuid, otpCode: code }, idempotencyKey: null });
  expect(auth.status).toBe(200);
  return { token: auth.body.sessionToken, user: auth.body.user };
}

describe('registration from a link', () => {
  it('refuses an unknown link and a phone the company did not register, saying whom to contact', async () => {
    expect((await start('no-such-link', phone)).body.error).toMatchObject({ code: 'INVALID_REGISTRATION_LINK', messageKey: 'errors:invalidRegistrationLink' });
    const stranger = await start(link.code, '0509999999');
    expect(stranger.status).toBe(422);
    expect(stranger.body.error).toMatchObject({ field: 'phone', messageKey: 'errors:contactManagementCompany' });
    expect(server.otpCodes.has('0509999999')).toBe(false);
  });

  it('registers the owner of the apartment with a one-time code, who then sees only that apartment', async () => {
    const { token, user } = await signInWithLink();
    expect(user).toMatchObject({ role: 'owner', userName: phone, PermSrvCall: 0, showChecksDeposit: 0 });
    const account = await call<{ apartments: { apartmentId: string }[] }>(server, 'GET', '/api/binyan/my/account', { token });
    expect(account.body.apartments.map((a) => a.apartmentId)).toEqual([link.apartmentId]);
    expect((await call(server, 'GET', '/api/binyan/buildings/101/apartments', { token })).status).toBe(403);
  });

  it('signs the same tenant in again through the link, without a second user', async () => {
    const again = await signInWithLink();
    const first = await signInWithLink();
    expect(again.user.userID).toBe(first.user.userID);
  });

  it('lets management staff make a link for an apartment', async () => {
    const miri = (await loginAs(server, 'miri')).token;
    const made = await call<{ record: { path: string; code: string } }>(server, 'POST', '/api/binyan/tenant-links', { token: miri, body: { apartmentId: link.apartmentId } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.record.path).toBe(`/register/1001/${made.body.record.code}`);
    expect((await start(made.body.record.code, phone)).body.codeSent).toBe(true);
  });
});
