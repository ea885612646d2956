// Tenant registration (issue 14; spec 6 "a tenant with an unregistered phone is told to contact the
// management company that sent the link"): the company sends a link naming an apartment; the tenant
// enters their phone, and when the company has that phone on a contact of the apartment, a one-time
// code is sent (the sign-in's flow: the code is checked by /auth/otp/auth). The first time, the tenant
// becomes a user — owner or renter as the contact is — of that apartment's building. Opening the link
// again later is how a tenant signs in: the same phone, a new code.
import type { AppContext } from '../context.ts';
import { roleMayUseLink, tenantLinkWorks } from '../../../src/lib/domain/tenantLinkRules.ts';
import { digitsOnly } from '../../../src/lib/validation/rules.ts';
import type { UserRow } from '../data/users.ts';
import { users } from '../data/users.ts';
import { ApiError } from '../http/errors.ts';
import { hashPassword, newUuid, randomDigits } from '../util/crypto.ts';
import type { OtpStartAnswer, SendMethod } from './otp.ts';
import { startOtpFor } from './otp.ts';

export const invalidLink = () => new ApiError(422, 'INVALID_REGISTRATION_LINK', 'invalidRegistrationLink', { field: 'code' });
export const phoneNotRegistered = () => new ApiError(422, 'PHONE_NOT_REGISTERED', 'contactManagementCompany', { field: 'phone' });

export type RegistrationLink = { code: string; companyId: number; buildingId: number; apartmentId: string; role: string | null };

/** The link of this code while it works (not revoked, not past its expiry), else null. */
export async function linkOf(ctx: AppContext, code: string): Promise<RegistrationLink | null> {
  const row = await ctx.db.first(
    ctx.db.q.selectFrom('tenant_links').select(['code', 'companyId', 'buildingId', 'apartmentId', 'role', 'expiresOn', 'revokedAt']).where('code', '=', code),
  );
  if (!row || !tenantLinkWorks(row, ctx.now())) return null;
  return { code: row.code, companyId: row.companyId, buildingId: row.buildingId, apartmentId: row.apartmentId, role: row.role };
}

/** The tenant user of a contact, created the first time (no password: tenants sign in with a code). */
async function tenantUser(ctx: AppContext, link: RegistrationLink, contact: { id: string; role: string; fullName: string; phone: string; email: string | null }): Promise<UserRow> {
  const { db } = ctx;
  const existing = await db.first(db.q.selectFrom('users').select('id').where('companyId', '=', link.companyId).where('contactId', '=', contact.id));
  if (existing) return (await users.byId(db, existing.id)) as UserRow;
  const byName = await users.byName(db, link.companyId, contact.phone);
  if (byName) throw phoneNotRegistered();
  return db.tx(async (tx) => {
    const top = await tx.first(tx.q.selectFrom('users').select((eb) => eb.fn.max('workerNumber').as('max')));
    await tx.run(
      tx.q.insertInto('users').values({
        companyId: link.companyId,
        userName: contact.phone,
        passwordHash: hashPassword(`${newUuid()}${randomDigits(12)}`),
        role: contact.role === 'renter' ? 'renter' : 'owner',
        fullName: contact.fullName,
        phone: contact.phone,
        email: contact.email,
        workerGuid: newUuid(),
        workerNumber: Number(top?.max ?? 0) + 1,
        contactId: contact.id,
        languageId: 1,
        permSrvCall: 0,
        permClearing: 0,
        allowReceptionistModule: 0,
        showChecksDeposit: 0,
        createdAt: ctx.nowIso(),
      }),
    );
    const user = await tx.first(tx.q.selectFrom('users').select('id').where('companyId', '=', link.companyId).where('contactId', '=', contact.id));
    await tx.run(tx.q.insertInto('worker_buildings').values({ userId: user?.id ?? 0, buildingId: link.buildingId, ord: 0 }));
    // The office's list shows which links a tenant registered through.
    await tx.run(tx.q.updateTable('tenant_links').set({ usedAt: ctx.nowIso() }).where('code', '=', link.code).where('usedAt', 'is', null));
    return (await users.byId(tx, user?.id ?? 0)) as UserRow;
  });
}

/** Sends the code to the tenant of the link's apartment whose phone this is, or refuses (spec 6). */
export async function startRegistration(ctx: AppContext, link: RegistrationLink, phoneInput: string, method: SendMethod): Promise<OtpStartAnswer> {
  const phone = digitsOnly(phoneInput);
  const contacts = await ctx.db.all(
    ctx.db.q.selectFrom('contacts').select(['id', 'role', 'fullName', 'phone', 'email']).where('companyId', '=', link.companyId).where('apartmentId', '=', link.apartmentId),
  );
  const contact = contacts.find((c) => c.phone !== null && c.phone === phone && ['owner', 'renter', 'committee'].includes(c.role) && roleMayUseLink(link.role, c.role));
  if (!contact?.phone) throw phoneNotRegistered();
  const user = await tenantUser(ctx, link, { ...contact, phone: contact.phone });
  return startOtpFor(ctx, user, method);
}
