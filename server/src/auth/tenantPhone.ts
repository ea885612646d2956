// A tenant signs in again with their phone (issue 14): tenants registered from a link have no password
// they know, so the phone alone starts the one-time code. The code goes to that phone; when the phone
// has tenant accounts in several companies, the code is checked first and the tenant then chooses the
// account (company and apartment), presenting the same code with the choice.
import type { AppContext } from '../context.ts';
import { digitsOnly } from '../../../src/lib/validation/rules.ts';
import type { UserRow } from '../data/users.ts';
import { users } from '../data/users.ts';
import { ApiError } from '../http/errors.ts';
import type { OtpStartAnswer, SendMethod } from './otp.ts';
import { startOtpFor, verifyOtp } from './otp.ts';

export type TenantAccount = { userId: number; companyId: number; companyName: string; apartmentNumber: string | null; address: string | null };

const TENANT_ROLES = ['owner', 'renter'] as const;

/** The tenant accounts of a phone, one per company, in company order. */
export async function tenantAccounts(ctx: AppContext, phoneInput: string): Promise<TenantAccount[]> {
  const phone = digitsOnly(phoneInput);
  if (phone === '') return [];
  const { db } = ctx;
  const rows = await db.all(
    db.q
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.companyId')
      .leftJoin('contacts', (j) => j.onRef('contacts.id', '=', 'users.contactId').onRef('contacts.companyId', '=', 'users.companyId'))
      .leftJoin('apartments', (j) => j.onRef('apartments.id', '=', 'contacts.apartmentId').onRef('apartments.companyId', '=', 'users.companyId'))
      .leftJoin('buildings', (j) => j.onRef('buildings.id', '=', 'apartments.buildingId').onRef('buildings.companyId', '=', 'users.companyId'))
      .select(['users.id as userId', 'users.companyId as companyId', 'companies.name as companyName', 'apartments.number as apartmentNumber', 'buildings.address as address'])
      .where('users.phone', '=', phone)
      .where('users.role', 'in', [...TENANT_ROLES])
      .orderBy('users.companyId')
      .orderBy('users.id'),
  );
  return rows.map((r) => ({ userId: r.userId, companyId: r.companyId, companyName: r.companyName, apartmentNumber: r.apartmentNumber ?? null, address: r.address ?? null }));
}

/** Sends the code to the phone of its first tenant account, or refuses a phone no company registered. */
export async function startPhoneSignIn(ctx: AppContext, phone: string, method: SendMethod): Promise<OtpStartAnswer> {
  const [first] = await tenantAccounts(ctx, phone);
  const user = first ? await users.byId(ctx.db, first.userId) : undefined;
  if (!user) throw noTenantAccount();
  return startOtpFor(ctx, user, method);
}

export type PhoneSignIn = { user: UserRow } | { choose: TenantAccount[] };

export const noTenantAccount = () => new ApiError(422, 'NO_TENANT_ACCOUNT', 'noTenantAccount', { field: 'phone' });
const notAnAccount = () => new ApiError(422, 'INVALID_ACCOUNT', 'invalidAccount', { field: 'accountId' });

/**
 * Checks the code; with one account (or a chosen one) the code is spent and the user returned,
 * with several and no choice the code stays valid and the accounts are returned to choose from.
 */
export async function verifyPhoneSignIn(ctx: AppContext, otpGuid: string, code: string, accountId: number | undefined): Promise<PhoneSignIn> {
  const codeOwner = await verifyOtp(ctx, otpGuid, code, { consume: false });
  const accounts = await tenantAccounts(ctx, codeOwner.phone);
  // A code of the staff sign-in is not a way into this path.
  if (!accounts.some((a) => a.userId === codeOwner.id)) throw new ApiError(422, 'INVALID_CODE', 'invalidCode', { field: 'otpCode' });
  if (accountId === undefined && accounts.length > 1) return { choose: accounts };
  const chosen = accountId === undefined ? codeOwner.id : accounts.find((a) => a.userId === accountId)?.userId;
  if (chosen === undefined) throw notAnAccount();
  await verifyOtp(ctx, otpGuid, code);
  const user = await users.byId(ctx.db, chosen);
  if (!user) throw notAnAccount();
  return { user };
}
