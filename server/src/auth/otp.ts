// Two-factor login (spec 4): start → code by SMS / e-mail / phone call → auth. Codes are stored hashed,
// expire after 5 minutes, allow 5 wrong attempts per otpGuid, and can be re-sent after 30 s.
import type { AppContext } from '../context.ts';
import { fail, ApiError } from '../http/errors.ts';
import { newUuid, randomDigits, safeEqualHex, sha256Hex, verifyPassword } from '../util/crypto.ts';
import { addMs } from '../util/dates.ts';
import { otpChallenges } from '../data/otpChallenges.ts';
import { users } from '../data/users.ts';
import type { UserRow } from '../data/users.ts';
import { findUser } from './sessions.ts';

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_WRONG = 5;
export const OTP_RESEND_COOLDOWN_MS = 30_000;
const CODE_LENGTH = 5;

export type SendMethod = 'sms' | 'email' | 'call';

export type OtpStartAnswer = {
  codeSent: boolean;
  sendTo: { target: string; target2: string };
  otpGuid: string;
  sendMethod?: SendMethod;
  sentByCallInsteadOfEmail?: boolean;
};

export function maskPhone(phone: string): string {
  const d = phone.replace(/\D+/g, '');
  return d.length < 6 ? '*'.repeat(d.length) : `${d.slice(0, 3)}${'*'.repeat(d.length - 5)}${d.slice(-2)}`;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** USER NOT FOUND: a target of asterisks only and an empty second target. */
const userNotFound = (): OtpStartAnswer => ({ codeSent: false, sendTo: { target: '******', target2: '' }, otpGuid: newUuid() });

const codeHash = (otpGuid: string, code: string) => sha256Hex(`${otpGuid}:${code}`);

/** A generated Israeli landline that "calls" the user; its last digits are the code. */
function callingNumber(): string {
  return `03${randomDigits(7)}`;
}

function deliver(ctx: AppContext, user: UserRow, method: SendMethod): { code: string; target: string; target2: string } {
  let code: string;
  if (method === 'call') {
    const caller = callingNumber();
    code = caller.slice(-CODE_LENGTH);
    ctx.secretLog(`calling ${user.userName} from ${caller}`);
  } else {
    code = randomDigits(CODE_LENGTH);
  }
  ctx.secretLog(`one-time code for ${user.userName}: ${code}`);
  if (method === 'email' && user.email) return { code, target: maskEmail(user.email), target2: maskPhone(user.phone) };
  return { code, target: maskPhone(user.phone), target2: user.email ? maskEmail(user.email) : '' };
}

export type OtpStartInput = { userName: string; password: string; companyId: number; method: SendMethod };

export async function startOtp(ctx: AppContext, input: OtpStartInput): Promise<OtpStartAnswer> {
  const user = await findUser(ctx, input.companyId, input.userName);
  // An unknown user costs the same password check as a wrong password (verifyPassword's dummy hash).
  if (!verifyPassword(input.password, user?.passwordHash) || !user) return userNotFound();
  return startOtpFor(ctx, user, input.method);
}

/** Sends a one-time code to a user already identified (sign-in, or a tenant's registration link). */
export async function startOtpFor(ctx: AppContext, user: UserRow, requested: SendMethod): Promise<OtpStartAnswer> {
  // No e-mail on file: fall back to a phone call and say so.
  const method: SendMethod = requested === 'email' && !user.email ? 'call' : requested;
  const { code, target, target2 } = deliver(ctx, user, method);
  const otpGuid = newUuid();
  const now = ctx.now();
  await otpChallenges.insert(ctx.db, {
    otpGuid,
    companyId: user.companyId,
    userId: user.id,
    userName: user.userName,
    method,
    codeHash: codeHash(otpGuid, code),
    target,
    target2,
    attempts: 0,
    sendCount: 1,
    lastSentAt: now.toISOString(),
    expiresAt: addMs(now, OTP_TTL_MS).toISOString(),
    consumedAt: null,
    createdAt: now.toISOString(),
  });
  const answer: OtpStartAnswer = { codeSent: true, sendTo: { target, target2 }, otpGuid, sendMethod: method };
  if (method !== requested) answer.sentByCallInsteadOfEmail = true;
  return answer;
}

/** The account a code check is for (its failures count there), or null for an unknown otpGuid. */
export async function otpAccount(ctx: AppContext, otpGuid: string): Promise<{ companyId: number; userName: string } | null> {
  return (await otpChallenges.accountOf(ctx.db, otpGuid)) ?? null;
}

export const isWrongCode = (error: unknown): boolean => error instanceof ApiError && error.code === 'INVALID_CODE';

export async function resendOtp(ctx: AppContext, otpGuid: string): Promise<OtpStartAnswer> {
  const ch = await otpChallenges.find(ctx.db, otpGuid);
  if (!ch || ch.consumedAt) return { ...userNotFound(), otpGuid };
  const now = ctx.now();
  const waitMs = Date.parse(ch.lastSentAt) + OTP_RESEND_COOLDOWN_MS - now.getTime();
  if (waitMs > 0) throw fail.tooMany(Math.ceil(waitMs / 1000));
  if (ch.attempts >= OTP_MAX_WRONG) throw fail.tooMany();
  const user = await users.byId(ctx.db, ch.userId);
  if (!user) return { ...userNotFound(), otpGuid };
  const { code, target, target2 } = deliver(ctx, user, ch.method as SendMethod);
  await otpChallenges.resent(ctx.db, otpGuid, {
    codeHash: codeHash(otpGuid, code),
    target,
    target2,
    sendCount: ch.sendCount + 1,
    lastSentAt: now.toISOString(),
    expiresAt: addMs(now, OTP_TTL_MS).toISOString(),
  });
  return { codeSent: true, sendTo: { target, target2 }, otpGuid, sendMethod: ch.method as SendMethod };
}

/**
 * Returns the user on a correct code; wrong codes count, the sixth attempt is refused outright.
 * `consume: false` checks a correct code without spending it (a tenant's phone sign-in asks which
 * account first, then presents the same code with the choice).
 */
export async function verifyOtp(ctx: AppContext, otpGuid: string, code: string, options: { consume?: boolean } = {}): Promise<UserRow> {
  const ch = await otpChallenges.find(ctx.db, otpGuid);
  if (!ch || ch.consumedAt) throw new ApiError(422, 'INVALID_CODE', 'invalidCode', { field: 'otpCode' });
  if (ch.attempts >= OTP_MAX_WRONG) throw fail.tooMany();
  const now = ctx.now();
  if (ch.expiresAt <= now.toISOString()) throw new ApiError(422, 'CODE_EXPIRED', 'codeExpired', { field: 'otpCode' });
  if (!/^\d{5}$/.test(code) || !safeEqualHex(codeHash(otpGuid, code), ch.codeHash)) {
    await otpChallenges.countWrong(ctx.db, otpGuid);
    throw new ApiError(422, 'INVALID_CODE', 'invalidCode', { field: 'otpCode' });
  }
  if (options.consume !== false) await otpChallenges.consume(ctx.db, otpGuid, now.toISOString());
  const user = await users.byId(ctx.db, ch.userId);
  if (!user) throw new ApiError(422, 'INVALID_CODE', 'invalidCode', { field: 'otpCode' });
  return user;
}
