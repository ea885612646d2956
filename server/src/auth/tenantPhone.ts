// A tenant signs in again with their phone (issue 14): tenants registered from a link have no password
// they know, so the phone alone starts the one-time code. The code goes to that phone (by SMS or call:
// the phone is what proves itself); when the phone has tenant accounts in several companies, the code
// is checked first and the tenant then chooses the account (company and apartment), presenting the
// same code with the choice.
//
// The start answers alike whether or not the phone has a tenant account (issue 27 §13): the same
// status, body and limits, a challenge stored either way; only no code goes out to a phone without one.
import type { AppContext } from '../context.ts';
import { digitsOnly } from '../../../src/lib/validation/rules.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../data/users.ts';
import { users } from '../data/users.ts';
import { ApiError } from '../http/errors.ts';
import type { ChallengeSpec, OtpStartAnswer, Recipient, RecipientLookup } from './otp.ts';
import { checkCode, invalidCode, isActive, maskPhone, spendCode, startChallenge } from './otp.ts';
import type { SignIn } from './signInMethod.ts';
import { signInOfChallenge } from './signInMethod.ts';

export type TenantAccount = { userId: number; companyId: number; companyName: string; apartmentNumber: string | null; address: string | null };

type AccountRow = TenantAccount & { userName: string; email: string | null; languageId: number };

/** The active tenant accounts of a phone, one per company, in company order. */
async function accountRows(db: Db, phoneInput: string): Promise<AccountRow[]> {
  const phone = digitsOnly(phoneInput);
  if (phone === '') return [];
  return users.tenantAccountsOfPhone(db, phone);
}

export async function tenantAccounts(ctx: AppContext, phoneInput: string): Promise<TenantAccount[]> {
  return (await accountRows(ctx.db, phoneInput)).map(({ userId, companyId, companyName, apartmentNumber, address }) => ({
    userId,
    companyId,
    companyName,
    apartmentNumber,
    address,
  }));
}

const recipientOf = (row: AccountRow | undefined): Recipient | null => (row ? { logName: row.userName, email: null, languageId: row.languageId } : null);

/** Who a phone challenge's code goes to now: its first tenant account, or nobody. */
export const phoneRecipient: RecipientLookup = async (_ctx, tx, ch) => recipientOf((await accountRows(tx, ch.phone))[0]);

/** The phone's challenge; its code goes to the phone only when a tenant account has it. */
export async function startPhoneSignIn(ctx: AppContext, addressKey: string, phoneInput: string, method: 'sms' | 'call'): Promise<OtpStartAnswer> {
  const phone = digitsOnly(phoneInput);
  const [first] = await accountRows(ctx.db, phone);
  const subject = `phone:${phone}`;
  const spec: ChallengeSpec = {
    purpose: 'phone',
    subject,
    companyId: 0,
    userId: null,
    userName: subject,
    phone,
    contactId: null,
    linkCode: null,
    method,
    target: maskPhone(phone),
    target2: '',
  };
  return startChallenge(ctx, addressKey, spec, recipientOf(first), method);
}

export type PhoneSignIn = { user: UserRow; signIn: SignIn } | { choose: TenantAccount[] };

const notAnAccount = () => new ApiError(422, 'INVALID_ACCOUNT', 'invalidAccount', { field: 'accountId' });

/**
 * Checks the code; with one account (or a chosen one) the code is spent and the user returned,
 * with several and no choice the code stays valid and the accounts are returned to choose from.
 */
export async function verifyPhoneSignIn(ctx: AppContext, otpGuid: string, code: string, accountId: number | undefined): Promise<PhoneSignIn> {
  // Only a phone sign-in's code: a password sign-in's or a registration's is not a way into this path.
  const ch = await checkCode(ctx, otpGuid, code, ['phone']);
  const accounts = await tenantAccounts(ctx, ch.phone);
  if (accounts.length === 0) throw invalidCode();
  if (accountId === undefined && accounts.length > 1) return { choose: accounts };
  const chosen = accountId === undefined ? accounts[0]?.userId : accounts.find((a) => a.userId === accountId)?.userId;
  if (chosen === undefined) throw notAnAccount();
  return ctx.db.tx(async (tx) => {
    await spendCode(ctx, tx, otpGuid);
    const user = await users.byId(tx, chosen);
    if (!isActive(user)) throw notAnAccount();
    return { user, signIn: signInOfChallenge(ch) };
  });
}
