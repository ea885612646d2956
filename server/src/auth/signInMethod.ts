// How a session was signed in (migration 047): by a one-time code sent to a phone (SMS or a call: the
// person holds that phone), by a code sent by e-mail, or by a password alone (AuthByCompID/v2, off unless
// ALLOW_PASSWORD_LOGIN=1). Only the first proves a phone number, and only the number the code went to:
// what dials from the caller's own phone (a gate, lib/domain/gateRules.ts) needs it — "Your phone number
// must be verified" otherwise. A renewed session keeps its chain's sign-in.
import { samePhone } from '../../../src/lib/domain/gateRules.ts';
import type { OtpChallenge } from '../data/otpChallenges.ts';

export const signInMethods = ['phoneCode', 'emailCode', 'password'] as const;
export type SignInMethod = (typeof signInMethods)[number];

/** A session's sign-in; `method` null for a session or chain from before migration 047. */
export type SignIn = { method: SignInMethod | null; phone: string | null };

export const passwordSignIn: SignIn = { method: 'password', phone: null };

/** The sign-in a verified code gives: a phone's when it went by SMS or call to a phone, else the e-mail's. */
export function signInOfChallenge(ch: Pick<OtpChallenge, 'method' | 'phone'>): SignIn {
  if (ch.method === 'email' || ch.phone === '') return { method: 'emailCode', phone: null };
  return { method: 'phoneCode', phone: ch.phone };
}

/** As stored on a session or renewal secret. */
export function signInOfRow(row: { signInMethod?: string | null; signInPhone?: string | null }): SignIn {
  const method = signInMethods.find((m) => m === row.signInMethod) ?? null;
  return { method, phone: method === 'phoneCode' ? (row.signInPhone ?? null) : null };
}

export const signInColumns = (signIn: SignIn) => ({ signInMethod: signIn.method, signInPhone: signIn.phone });

/** Whether the session proved it holds `phone` (the account's number today: a changed number is not proved). */
export function provedPhone(signIn: SignIn, phone: string | null): boolean {
  return signIn.method === 'phoneCode' && signIn.phone !== null && samePhone(signIn.phone, phone ?? '');
}
