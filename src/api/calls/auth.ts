// Sign-in calls (spec sections 4 and 7): two-factor OTP, logout, and the provider's style 2 login.
import type { ApiClient } from '../client';
import { isApiError } from '../errors';
import { p } from '../style2';

/** Application id the provider expects in OTP start (spec section 9). */
export const OTP_APP_ID = 2;

export type OtpSendMethod = 'sms' | 'email' | 'call';
export type OtpSendTo = { target: string; target2: string };
export type OtpStartInput = {
  userName: string;
  password: string;
  compID: number;
  appGuid: string;
  otpPreferredSendMethod: OtpSendMethod;
};
export type OtpStartAnswer = {
  codeSent: boolean;
  sendTo: OtpSendTo;
  otpGuid: string;
  sendMethod?: OtpSendMethod;
  sentByCallInsteadOfEmail?: boolean;
};
export type OtpSendAnswer = { codeSent: boolean; sendTo: OtpSendTo };
/** `deviceId` asks for a renewal secret bound to this device (the silent re-login's, no password kept). */
export type OtpAuthInput = { otpGuid: string; otpCode: string; deviceId?: string };
/** The session/user state of spec section 3 as the login calls answer it (the rest may be absent). */
export type SessionUser = {
  userName: string;
  userID: number;
  compID: number;
  compGUID: string | null;
  companyName?: string | null;
  contactID?: string | number | null;
  bID?: number | null;
  uID?: number;
  languageId?: number;
  PermSrvCall?: number;
  PermClearing?: number;
  WorkerName?: string;
  role?: string;
  allowReceptionistModule?: number;
  showChecksDeposit?: number;
  workerID?: number | null;
  workerGUID?: string | null;
  openServiceCallsCnt?: number;
  [field: string]: unknown;
};
export type OtpAuthAnswer = { sessionToken: string; renewalSecret?: string; user: SessionUser };
/** One tenant account of a phone: the company and the apartment it is for. */
export type TenantAccountChoice = { userId: number; companyId: number; companyName: string; apartmentNumber: string | null; address: string | null };
/** A phone with tenant accounts in several companies: the code was right, now the tenant chooses one. */
export type AccountChoiceAnswer = { chooseAccount: TenantAccountChoice[] };
export type VerifyAnswer = OtpAuthAnswer | AccountChoiceAnswer;

export function isAccountChoice(answer: VerifyAnswer): answer is AccountChoiceAnswer {
  return 'chooseAccount' in answer && Array.isArray(answer.chooseAccount);
}
export type RenewInput = { renewalSecret: string; deviceId: string };
/** A new session and the next renewal secret; the presented one is spent. */
export type RenewAnswer = { sessionToken: string; renewalSecret: string; user: SessionUser };

const noPrefix = { prefix: false } as const;

export function otpStart(client: ApiClient, input: OtpStartInput): Promise<OtpStartAnswer> {
  return client.request<OtpStartAnswer>(
    'POST',
    'auth/otp/start',
    {
      idParam1: input.userName,
      idParam2: input.password,
      compID: input.compID,
      appId: OTP_APP_ID,
      appGuid: input.appGuid,
      otpPreferredSendMethod: input.otpPreferredSendMethod,
    },
    noPrefix,
  );
}

export function otpSend(client: ApiClient, otpGuid: string): Promise<OtpSendAnswer> {
  return client.request<OtpSendAnswer>('POST', 'auth/otp/send', { otpGuid }, noPrefix);
}

export function otpAuth(client: ApiClient, input: OtpAuthInput): Promise<OtpAuthAnswer> {
  return client.request<OtpAuthAnswer>(
    'POST',
    'auth/otp/auth',
    { otpGuid: input.otpGuid, otpCode: input.otpCode, saveSessionTokenInHttpCookie: true, ...(input.deviceId ? { deviceId: input.deviceId } : {}) },
    noPrefix,
  );
}

/** Silent re-login (spec section 4) with the device's renewal secret instead of a password. */
export function renewSession(client: ApiClient, input: RenewInput): Promise<RenewAnswer> {
  return client.request<RenewAnswer>(
    'POST',
    'auth/session/renew',
    { renewalSecret: input.renewalSecret, deviceId: input.deviceId, saveSessionTokenInHttpCookie: true },
    noPrefix,
  );
}

/** Ends the session; with the renewal secret, the server also revokes it (even if the session already expired). */
export async function logout(client: ApiClient, input: { renewalSecret?: string } = {}): Promise<void> {
  await client.request<unknown>('POST', 'auth/logout', input.renewalSecret ? { renewalSecret: input.renewalSecret } : {}, noPrefix);
}

export type AuthByCompIdInput = { compId: number; userName: string; password: string; deviceId?: string };
export type AuthByCompIdAnswer = SessionUser & { sessionToken: string; renewalSecret?: string };

/** Password-only sign-in: answered only by a server that allows it (see isPasswordLoginDisabled). */
export function authByCompId(client: ApiClient, input: AuthByCompIdInput) {
  return client.callStyle2<AuthByCompIdAnswer>('dbActions/Login/AuthByCompID/v2', [
    p.int('CompID', input.compId),
    p.nvarchar('UserName', input.userName),
    p.nvarchar('UserPswd', input.password),
    ...(input.deviceId ? [p.nvarchar('DeviceId', input.deviceId)] : []),
  ]);
}

/** The server refuses a password alone: the one-time-code flow is the way in. */
export function isPasswordLoginDisabled(error: unknown): boolean {
  return isApiError(error) && error.messageKey === 'errors:passwordLoginDisabled';
}

export type CompGuidAnswer = { CompGUID: string | null; CompID: number; BID: number };

export function getCompGuidByBid(client: ApiClient, input: { compId: number; bid: number }) {
  return client.callStyle2<CompGuidAnswer>('Login/GetCompGuidByBID', [p.int('CompID', input.compId), p.int('BID', input.bid)], {
    prefix: true,
  });
}

export type SessionDataAnswer = SessionUser;

/** The header matters: the server authenticates it (before the body) over any cookie of another session. */
export function getSessionData(client: ApiClient, sessionToken: string) {
  return client.callStyle2<SessionDataAnswer>('utils/sessionToken/GetData', [p.nvarchar('sessionToken', sessionToken)], {
    headers: { Authorization: sessionToken },
  });
}

export type RegisterStartInput = { code: string; phone: string; otpPreferredSendMethod: string };

/** A tenant's registration link (issue 14): the phone the company registered gets the sign-in's code. */
export function registerStart(client: ApiClient, input: RegisterStartInput): Promise<OtpStartAnswer> {
  return client.request<OtpStartAnswer>('POST', 'auth/register/start', input, noPrefix);
}

/** A tenant signs in again by phone (issue 14): the code goes to the phone of their tenant account(s). */
export function phoneStart(client: ApiClient, input: { phone: string; otpPreferredSendMethod: OtpSendMethod }): Promise<OtpStartAnswer> {
  return client.request<OtpStartAnswer>('POST', 'auth/phone/start', input, noPrefix);
}

/** The phone sign-in's code check; with several accounts and none chosen, the answer lists them. */
export function phoneAuth(client: ApiClient, input: OtpAuthInput & { accountId?: number }): Promise<VerifyAnswer> {
  return client.request<VerifyAnswer>(
    'POST',
    'auth/phone/auth',
    {
      otpGuid: input.otpGuid,
      otpCode: input.otpCode,
      saveSessionTokenInHttpCookie: true,
      ...(input.deviceId ? { deviceId: input.deviceId } : {}),
      ...(input.accountId !== undefined ? { accountId: input.accountId } : {}),
    },
    noPrefix,
  );
}
