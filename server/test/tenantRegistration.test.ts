// Tenant registration from the company's link (issue 14; spec 6): the phone the company registered on
// the apartment gets the sign-in's one-time code and becomes an owner or renter of that apartment once
// the code is right (issue 27 §13); any other phone is told to contact the management company that sent
// the link. The link is how the tenant signs in again later.
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
  const auth = await call<{ sessionToken: string; user: Record<string, unknown> }>(server, 'POST', '/api/auth/otp/auth', {
    body: { otpGuid: started.body.otpGuid, otpCode: code },
    idempotencyKey: null,
  });
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

  it('creates the tenant’s user and marks the link used only once the code proves the phone; two checks at once make one user', async () => {
    const db = openDatabase(server.database);
    const users = (contactId: string) => db.all(db.q.selectFrom('users').select('id').where('contactId', '=', contactId));
    try {
      // An owner of another apartment the company registered, who has no user yet, and a link made for it.
      const owners = await db.all(
        db.q
          .selectFrom('contacts')
          .select(['id', 'apartmentId', 'phone'])
          .where('companyId', '=', 1001)
          .where('role', '=', 'owner')
          .where('apartmentId', '!=', link.apartmentId),
      );
      let owner: (typeof owners)[number] | undefined;
      for (const o of owners) {
        if (!o.phone || (await users(o.id)).length > 0 || (await db.first(db.q.selectFrom('users').select('id').where('phone', '=', o.phone)))) continue;
        owner = o;
        break;
      }
      if (!owner?.phone || !owner.apartmentId) throw new Error('the demo has an owner without an account');
      const ownerPhone = owner.phone;
      const miri = (await loginAs(server, 'miri')).token;
      const made = await call<{ record: { code: string } }>(server, 'POST', '/api/binyan/tenant-links', {
        token: miri,
        body: { apartmentId: owner.apartmentId },
      });
      expect(made.status, made.text).toBe(201);
      const usedAt = async () => (await db.first(db.q.selectFrom('tenant_links').select('usedAt').where('code', '=', made.body.record.code)))?.usedAt ?? null;
      const begin = async (method: string) => {
        server.otpCodes.delete(ownerPhone);
        const started = await call<Start>(server, 'POST', '/api/auth/register/start', {
          body: { code: made.body.record.code, phone: ownerPhone, otpPreferredSendMethod: method },
          idempotencyKey: null,
        });
        expect(started.body.codeSent, started.text).toBe(true);
        return { otpGuid: started.body.otpGuid, code: await server.waitForOtp(ownerPhone) };
      };
      const verify = (otpGuid: string | undefined, otpCode: string) =>
        call<{ user?: { userID: number }; error?: { code: string } }>(server, 'POST', '/api/auth/otp/auth', {
          body: { otpGuid, otpCode },
          idempotencyKey: null,
        });

      // The start creates nothing, and neither does a wrong code.
      const bySms = await begin('sms');
      expect(await users(owner.id)).toEqual([]);
      expect(await usedAt()).toBeNull();
      expect((await verify(bySms.otpGuid, String((Number(bySms.code) + 1) % 100000).padStart(5, '0'))).body.error).toMatchObject({ code: 'INVALID_CODE' });
      expect(await users(owner.id)).toEqual([]);

      // Two right codes (by SMS and by call) checked at once: one user, both signed in as it.
      const byCall = await begin('call');
      expect(byCall.otpGuid).not.toBe(bySms.otpGuid);
      const both = await Promise.all([verify(bySms.otpGuid, bySms.code), verify(byCall.otpGuid, byCall.code)]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect(both[0]?.body.user?.userID).toBe(both[1]?.body.user?.userID);
      expect(await users(owner.id)).toHaveLength(1);
      expect(await usedAt()).toBeTruthy();

      // One code checked twice at once signs in once.
      const again = await begin('sms');
      const twice = await Promise.all([verify(again.otpGuid, again.code), verify(again.otpGuid, again.code)]);
      expect(twice.map((r) => r.status).sort()).toEqual([200, 422]);
      expect(await users(owner.id)).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  it('lets management staff make a link for an apartment', async () => {
    const miri = (await loginAs(server, 'miri')).token;
    const made = await call<{ record: { path: string; code: string } }>(server, 'POST', '/api/binyan/tenant-links', {
      token: miri,
      body: { apartmentId: link.apartmentId },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.record.path).toBe(`/register/1001/${made.body.record.code}`);
    expect((await start(made.body.record.code, phone)).body.codeSent).toBe(true);
  });
});
