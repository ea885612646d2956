// Two-factor login (spec 4): start → code by SMS / e-mail / phone call → auth. Codes are stored hashed,
// expire after 5 minutes, allow 5 wrong attempts per otpGuid, and can be re-sent after 30 s, at most
// twice. Every send counts towards the limits of its phone and of the client address
// (limits/usageLimits.ts: codeSendsPerPhone, codeSendsPerPhoneDay, codeSendsPerAddress); a start
// repeated while its code still works answers the same challenge and sends nothing (issue 27 §2).
// The code is sent after the challenge is stored (auth/codeChannels.ts), never inside the transaction.
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { OtpPurpose } from '../db/schema.ts';
import { fail, ApiError } from '../http/errors.ts';
import { spendQuotas } from '../limits/usageLimits.ts';
import { newUuid, randomDigits, safeEqualHex, sha256Hex, verifyPassword } from '../util/crypto.ts';
import { addMs } from '../util/dates.ts';
import { otpChallenges } from '../data/otpChallenges.ts';
import type { OtpChallenge } from '../data/otpChallenges.ts';
import { users } from '../data/users.ts';
import type { UserRow } from '../data/users.ts';
import type { SendMethod } from './codeChannels.ts';
import { findUser } from './sessions.ts';

export type { SendMethod };

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_WRONG = 5;
export const OTP_RESEND_COOLDOWN_MS = 30_000;
/** Sends of one challenge: the first and two re-sends; then a new start once this code expired. */
export const OTP_MAX_SENDS = 3;
const CODE_LENGTH = 5;

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

export const invalidCode = () => new ApiError(422, 'INVALID_CODE', 'invalidCode', { field: 'otpCode' });
export const isWrongCode = (error: unknown): boolean => error instanceof ApiError && error.code === 'INVALID_CODE';

/** A code and, for a call, the generated Israeli landline that "calls" the user: its last digits are the code. */
function freshCode(method: SendMethod): { code: string; callerNumber: string | null } {
  if (method !== 'call') return { code: randomDigits(CODE_LENGTH), callerNumber: null };
  const callerNumber = `03${randomDigits(7)}`;
  return { code: callerNumber.slice(-CODE_LENGTH), callerNumber };
}

/** Who a code goes to; null when nobody gets it (a phone with no account: the answer is the same). */
export type Recipient = { logName: string; email: string | null; languageId: number };

/** What a challenge is about (the rest of its row is the code's state). */
export type ChallengeSpec = Pick<
  OtpChallenge,
  'purpose' | 'subject' | 'companyId' | 'userId' | 'userName' | 'phone' | 'contactId' | 'linkCode' | 'target' | 'target2'
> & {
  method: SendMethod;
};

/** The phone's limits count under its digits; an account with no phone under its challenge's subject. */
const recipientKey = (ch: Pick<OtpChallenge, 'phone' | 'subject'>) => (ch.phone !== '' ? ch.phone : ch.subject);

/** One code sent: refused (429 + Retry-After) when the phone or the address used up a limit, else counted. */
async function spendCodeSend(tx: Db, ctx: AppContext, ch: Pick<OtpChallenge, 'phone' | 'subject'>, addressKey: string): Promise<void> {
  const phone = recipientKey(ch);
  await spendQuotas(tx, ctx, [
    ['codeSendsPerPhone', phone],
    ['codeSendsPerPhoneDay', phone],
    ['codeSendsPerAddress', addressKey],
  ]);
}

const methodOf = (ch: Pick<OtpChallenge, 'method'>): SendMethod => (ch.method === 'email' || ch.method === 'call' ? ch.method : 'sms');

function answerOf(ch: OtpChallenge, requested: SendMethod): OtpStartAnswer {
  const method = methodOf(ch);
  const answer: OtpStartAnswer = { codeSent: true, sendTo: { target: ch.target, target2: ch.target2 }, otpGuid: ch.otpGuid, sendMethod: method };
  if (method !== requested) answer.sentByCallInsteadOfEmail = true;
  return answer;
}

function dispatch(ctx: AppContext, ch: OtpChallenge, recipient: Recipient, sent: { code: string; callerNumber: string | null }): void {
  ctx.codes.dispatch({
    kind: 'signIn',
    method: methodOf(ch),
    userName: recipient.logName,
    phone: ch.phone,
    email: recipient.email,
    code: sent.code,
    callerNumber: sent.callerNumber,
    languageId: recipient.languageId,
  });
}

/**
 * Stores a challenge and sends its code, or answers the live challenge of the same subject and method
 * again without sending. `recipient` null stores the same challenge and sends nothing.
 */
export async function startChallenge(
  ctx: AppContext,
  addressKey: string,
  spec: ChallengeSpec,
  recipient: Recipient | null,
  requested: SendMethod,
): Promise<OtpStartAnswer> {
  const sent = freshCode(spec.method);
  const otpGuid = newUuid();
  // One transaction: two starts at once (two processes) find each other's challenge, and count once.
  const outcome = await ctx.db.tx(async (tx) => {
    const now = ctx.now();
    const live = await otpChallenges.live(tx, spec.subject, spec.method, now.toISOString(), OTP_MAX_WRONG);
    if (live) return { ch: live, isNew: false };
    const ch: OtpChallenge = {
      ...spec,
      otpGuid,
      codeHash: codeHash(otpGuid, sent.code),
      attempts: 0,
      sendCount: 1,
      lastSentAt: now.toISOString(),
      expiresAt: addMs(now, OTP_TTL_MS).toISOString(),
      consumedAt: null,
      createdAt: now.toISOString(),
    };
    await spendCodeSend(tx, ctx, ch, addressKey);
    await otpChallenges.insert(tx, ch);
    return { ch, isNew: true };
  });
  if (outcome.isNew && recipient) dispatch(ctx, outcome.ch, recipient, sent);
  return answerOf(outcome.ch, requested);
}

export type OtpStartInput = { userName: string; password: string; companyId: number; method: SendMethod };

/** The password sign-in's start: a wrong password or an unknown (or disabled) user answers USER NOT FOUND. */
export async function startOtp(ctx: AppContext, addressKey: string, input: OtpStartInput): Promise<OtpStartAnswer> {
  const user = await findUser(ctx, input.companyId, input.userName);
  // An unknown user costs the same password check as a wrong password (verifyPassword's dummy hash).
  if (!verifyPassword(input.password, user?.passwordHash) || !user) return userNotFound();
  return startOtpFor(ctx, addressKey, user, input.method);
}

const accountSubject = (user: Pick<UserRow, 'id' | 'companyId'>) => `account:${user.companyId}:${user.id}`;

/** A code for a user already identified by their password. */
async function startOtpFor(ctx: AppContext, addressKey: string, user: UserRow, requested: SendMethod): Promise<OtpStartAnswer> {
  // No e-mail on file: fall back to a phone call and say so.
  const method: SendMethod = requested === 'email' && !user.email ? 'call' : requested;
  const byMail = method === 'email' && user.email;
  const spec: ChallengeSpec = {
    purpose: 'account',
    subject: accountSubject(user),
    companyId: user.companyId,
    userId: user.id,
    userName: user.userName,
    phone: user.phone.replace(/\D+/g, ''),
    contactId: null,
    linkCode: null,
    method,
    target: byMail ? maskEmail(user.email ?? '') : maskPhone(user.phone),
    target2: byMail ? maskPhone(user.phone) : user.email ? maskEmail(user.email) : '',
  };
  return startChallenge(ctx, addressKey, spec, recipientOfUser(user), requested);
}

export const recipientOfUser = (user: Pick<UserRow, 'userName' | 'email' | 'languageId'>): Recipient => ({
  logName: user.userName,
  email: user.email,
  languageId: user.languageId,
});

/** Whether an account may sign in at all (an approved data deletion disabled it). */
export const isActive = (user: UserRow | undefined): user is UserRow => user !== undefined && user.disabledAt === null;

/** Who a challenge's code goes to now, by its purpose; 'gone' when the challenge no longer leads anywhere. */
export type RecipientLookup = (ctx: AppContext, tx: Db, ch: OtpChallenge) => Promise<Recipient | null | 'gone'>;

/** The account of a password sign-in's challenge (the other purposes: tenantPhone.ts, tenantRegistration.ts). */
export const accountRecipient: RecipientLookup = async (_ctx, tx, ch) => {
  const user = ch.userId === null ? undefined : await users.byId(tx, ch.userId);
  return isActive(user) ? recipientOfUser(user) : 'gone';
};

/** The account a code check is for (its failures count there), or null for an unknown otpGuid. */
export async function otpAccount(ctx: AppContext, otpGuid: string): Promise<{ companyId: number; userName: string } | null> {
  return (await otpChallenges.accountOf(ctx.db, otpGuid)) ?? null;
}

/** Seconds until `iso`, at least 1. */
const secondsUntil = (ctx: AppContext, iso: string) => Math.max(1, Math.ceil((Date.parse(iso) - ctx.now().getTime()) / 1000));

/**
 * A new code for the same challenge: after the cooldown, at most OTP_MAX_SENDS sends in all, each
 * counted as a start's. `recipients` says who gets it by the challenge's purpose.
 */
export async function resendOtp(
  ctx: AppContext,
  addressKey: string,
  otpGuid: string,
  recipients: Record<OtpPurpose, RecipientLookup>,
): Promise<OtpStartAnswer> {
  const ch = await otpChallenges.find(ctx.db, otpGuid);
  if (!ch || ch.consumedAt) return { ...userNotFound(), otpGuid };
  const method = methodOf(ch);
  const sent = freshCode(method);
  const outcome = await ctx.db.tx(async (tx) => {
    const row = await otpChallenges.find(tx, otpGuid);
    if (!row || row.consumedAt) return null;
    const now = ctx.now();
    const readyAt = new Date(Date.parse(row.lastSentAt) + OTP_RESEND_COOLDOWN_MS).toISOString();
    if (readyAt > now.toISOString()) throw fail.tooMany(secondsUntil(ctx, readyAt));
    // A locked or fully re-sent code: a new start once this one expired.
    if (row.attempts >= OTP_MAX_WRONG || row.sendCount >= OTP_MAX_SENDS) throw fail.tooMany(secondsUntil(ctx, row.expiresAt));
    const recipient = await recipients[row.purpose](ctx, tx, row);
    if (recipient === 'gone') return null;
    await spendCodeSend(tx, ctx, row, addressKey);
    const changes = {
      codeHash: codeHash(otpGuid, sent.code),
      sendCount: row.sendCount + 1,
      lastSentAt: now.toISOString(),
      expiresAt: addMs(now, OTP_TTL_MS).toISOString(),
    };
    await otpChallenges.resent(tx, otpGuid, changes);
    return { ch: { ...row, ...changes }, recipient };
  });
  if (!outcome) return { ...userNotFound(), otpGuid };
  if (outcome.recipient) dispatch(ctx, outcome.ch, outcome.recipient, sent);
  return answerOf(outcome.ch, method);
}

/**
 * The challenge, when `code` is its right code and it is of one of `purposes`; wrong codes count, the
 * sixth attempt is refused outright. The code is not spent here: `spendCode` does that, in the
 * transaction that signs in.
 */
export async function checkCode(ctx: AppContext, otpGuid: string, code: string, purposes: readonly OtpPurpose[]): Promise<OtpChallenge> {
  const ch = await otpChallenges.find(ctx.db, otpGuid);
  if (!ch || ch.consumedAt || !purposes.includes(ch.purpose)) throw invalidCode();
  if (ch.attempts >= OTP_MAX_WRONG) throw fail.tooMany(secondsUntil(ctx, ch.expiresAt));
  if (ch.expiresAt <= ctx.nowIso()) throw new ApiError(422, 'CODE_EXPIRED', 'codeExpired', { field: 'otpCode' });
  if (!/^\d{5}$/.test(code) || !safeEqualHex(codeHash(otpGuid, code), ch.codeHash)) {
    await otpChallenges.countWrong(ctx.db, otpGuid);
    throw invalidCode();
  }
  return ch;
}

/** Spends a checked code in `tx`; a code another request spent first is refused (a code signs in once). */
export async function spendCode(ctx: AppContext, tx: Db, otpGuid: string): Promise<void> {
  if (!(await otpChallenges.consume(tx, otpGuid, ctx.nowIso()))) throw invalidCode();
}

/** The account of a right code of a password sign-in, the code spent; a disabled account is refused. */
export async function signInAccount(ctx: AppContext, ch: OtpChallenge): Promise<UserRow> {
  return ctx.db.tx(async (tx) => {
    await spendCode(ctx, tx, ch.otpGuid);
    const user = ch.userId === null ? undefined : await users.byId(tx, ch.userId);
    if (!isActive(user)) throw invalidCode();
    return user;
  });
}
