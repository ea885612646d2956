// Tenant registration (issue 14; spec 6 "a tenant with an unregistered phone is told to contact the
// management company that sent the link"): the company sends a link naming an apartment; the tenant
// enters their phone, and when the company has that phone on a contact of the apartment, a one-time
// code is sent (the sign-in's flow: the code is checked by /auth/otp/auth). The tenant becomes a user —
// owner or renter as the contact is — of that apartment's building only once the code proved the
// phone (issue 27 §13): the start stores a challenge naming the link and the contact, and the code's
// check creates the user and marks the link used, in one transaction that spends the code, so two
// checks at once never create two users. Opening the link again later is how a tenant signs in: the
// same phone, a new code.
import type { AppContext } from '../context.ts';
import { roleMayUseLink, tenantLinkWorks } from '../../../src/lib/domain/tenantLinkRules.ts';
import { digitsOnly } from '../../../src/lib/validation/rules.ts';
import type { Db } from '../db/database.ts';
import type { OtpChallenge } from '../data/otpChallenges.ts';
import type { UserRow } from '../data/users.ts';
import { users } from '../data/users.ts';
import { contactsOfApartment } from '../data/buildings.ts';
import { tenantLinks } from '../data/tenantLinks.ts';
import { ApiError } from '../http/errors.ts';
import { hashPassword, newUuid, randomDigits } from '../util/crypto.ts';
import type { ChallengeSpec, OtpStartAnswer, Recipient, RecipientLookup, SendMethod } from './otp.ts';
import { isActive, maskPhone, spendCode, startChallenge } from './otp.ts';

export const invalidLink = () => new ApiError(422, 'INVALID_REGISTRATION_LINK', 'invalidRegistrationLink', { field: 'code' });
export const phoneNotRegistered = () => new ApiError(422, 'PHONE_NOT_REGISTERED', 'contactManagementCompany', { field: 'phone' });

export type RegistrationLink = { code: string; companyId: number; buildingId: number; apartmentId: string; role: string | null };

/** The link of this code while it works (not revoked, not past its expiry), else null. */
export async function linkOf(ctx: AppContext, code: string, db: Db = ctx.db): Promise<RegistrationLink | null> {
  const row = await tenantLinks.byCode(db, code);
  if (!row || !tenantLinkWorks(row, ctx.now())) return null;
  return { code: row.code, companyId: row.companyId, buildingId: row.buildingId, apartmentId: row.apartmentId, role: row.role };
}

type Contact = { id: string; role: string; fullName: string; phone: string; email: string | null };

/** The contact of the link's apartment whose phone this is and whom the link is for, else null. */
async function contactOf(db: Db, link: RegistrationLink, phone: string): Promise<Contact | null> {
  const ofApartment = await contactsOfApartment(db, link.companyId, link.apartmentId);
  const contact = ofApartment.find(
    (c) => c.phone !== null && c.phone === phone && ['owner', 'renter', 'committee'].includes(c.role) && roleMayUseLink(link.role, c.role),
  );
  return contact?.phone ? { ...contact, phone: contact.phone } : null;
}

/**
 * The contact's existing user (a tenant signing in again through the link), undefined when none yet;
 * refused when the account was deleted or the phone is another user's name in the company.
 */
async function existingUser(db: Db, link: RegistrationLink, contact: Contact): Promise<UserRow | undefined> {
  const own = await users.idOfContact(db, link.companyId, contact.id);
  if (own !== undefined) {
    const user = await users.byId(db, own);
    if (!isActive(user)) throw phoneNotRegistered();
    return user;
  }
  if (await users.byName(db, link.companyId, contact.phone)) throw phoneNotRegistered();
  return undefined;
}

const recipientOf = (contact: Contact, user: UserRow | undefined): Recipient => ({ logName: contact.phone, email: null, languageId: user?.languageId ?? 1 });

/** Sends the code to the tenant of the link's apartment whose phone this is, or refuses (spec 6). Creates nothing. */
export async function startRegistration(
  ctx: AppContext,
  addressKey: string,
  link: RegistrationLink,
  phoneInput: string,
  method: SendMethod,
): Promise<OtpStartAnswer> {
  const phone = digitsOnly(phoneInput);
  const contact = await contactOf(ctx.db, link, phone);
  if (!contact) throw phoneNotRegistered();
  const user = await existingUser(ctx.db, link, contact);
  const spec: ChallengeSpec = {
    purpose: 'register',
    subject: `register:${link.code}:${phone}`,
    companyId: link.companyId,
    userId: user?.id ?? null,
    userName: phone,
    phone,
    contactId: contact.id,
    linkCode: link.code,
    method,
    target: maskPhone(phone),
    target2: '',
  };
  return startChallenge(ctx, addressKey, spec, recipientOf(contact, user), method);
}

/** Who a registration's re-sent code goes to: the contact, while the link works and still names them. */
export const registrationRecipient: RecipientLookup = async (ctx, tx, ch) => {
  const link = ch.linkCode === null ? null : await linkOf(ctx, ch.linkCode, tx);
  const contact = link ? await contactOf(tx, link, ch.phone) : null;
  return contact && contact.id === ch.contactId ? recipientOf(contact, undefined) : 'gone';
};

async function createTenant(ctx: AppContext, tx: Db, link: RegistrationLink, contact: Contact): Promise<UserRow> {
  await users.insert(tx, {
    companyId: link.companyId,
    userName: contact.phone,
    passwordHash: hashPassword(`${newUuid()}${randomDigits(12)}`),
    role: contact.role === 'renter' ? 'renter' : 'owner',
    fullName: contact.fullName,
    phone: contact.phone,
    email: contact.email,
    workerGuid: newUuid(),
    contactId: contact.id,
    languageId: 1,
    permSrvCall: 0,
    permClearing: 0,
    allowReceptionistModule: 0,
    showChecksDeposit: 0,
    createdAt: ctx.nowIso(),
  });
  const user = await users.byName(tx, link.companyId, contact.phone);
  if (!user) throw new Error('the tenant user was just created');
  await users.assignBuilding(tx, user.id, link.buildingId, 0);
  // The office's list shows which links a tenant registered through.
  await tenantLinks.markUsed(tx, link.code, ctx.nowIso());
  return user;
}

/**
 * A registration's right code: spends it and answers the contact's user, created the first time (no
 * password: tenants sign in with a code). The link and the contact are checked again: revoked or
 * changed since the start, the code leads nowhere.
 */
export async function completeRegistration(ctx: AppContext, ch: OtpChallenge): Promise<UserRow> {
  return ctx.db.tx(async (tx) => {
    await spendCode(ctx, tx, ch.otpGuid);
    const link = ch.linkCode === null ? null : await linkOf(ctx, ch.linkCode, tx);
    if (!link || link.companyId !== ch.companyId) throw invalidLink();
    const contact = await contactOf(tx, link, ch.phone);
    if (!contact || contact.id !== ch.contactId) throw phoneNotRegistered();
    return (await existingUser(tx, link, contact)) ?? createTenant(ctx, tx, link, contact);
  });
}
