// Two-factor sign-in (spec sections 4, 5, 7, 8): details → one-time code → verified → logged in.
// The screen only renders this machine's state and sends its events.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { ErrorActorEvent } from 'xstate';
import { isAccountChoice } from '../../api/calls/auth';
import type { OtpAuthAnswer, OtpSendAnswer, OtpSendMethod, OtpStartAnswer, TenantAccountChoice, VerifyAnswer } from '../../api/calls/auth';
import { isApiError } from '../../api/errors';
import { digitsOnly } from '../../lib/phone';
import { firstFailure, otpCode, positiveInteger, required } from '../../lib/validation/rules.ts';

export const RESEND_COOLDOWN_S = 30;
export const OTP_CODE_LENGTH = 5;

export type LoginField = 'companyCode' | 'userName' | 'password';
export type LoginCredentials = { companyCode: string; userName: string; password: string; sendMethod: OtpSendMethod };
export type FieldErrors = Partial<Record<LoginField | 'code', string>>;
/** What sign-in hands on: the answer (token, renewal secret, user) and who signed in; never the password. */
export type LoginResult = { answer: OtpAuthAnswer; credentials: { compId: number; userName: string } };

export type LoginContext = LoginCredentials & {
  fieldErrors: FieldErrors;
  /** i18n key of the message shown above the form (`errors:…`). */
  errorKey: string | null;
  otpGuid: string;
  sendTo: { target: string; target2: string } | null;
  /** The code came by a phone call: it is the last 5 digits of the calling number. */
  codeByCall: boolean;
  /** The user asked for e-mail but has none on file, so the code was sent by a call (spec 8). */
  sentByCallInsteadOfEmail: boolean;
  code: string;
  cooldownLeft: number;
  answer: OtpAuthAnswer | null;
  /** A tenant's phone with accounts in several companies: the ones to choose from, then the chosen one. */
  accounts: TenantAccountChoice[];
  accountId: number | null;
};

export type LoginEvent =
  | { type: 'form.change'; field: LoginField; value: string }
  | { type: 'form.method'; method: OtpSendMethod }
  | { type: 'form.submit' }
  | { type: 'otp.change'; code: string }
  | { type: 'otp.submit' }
  | { type: 'otp.resend' }
  | { type: 'otp.back' }
  | { type: 'account.choose'; accountId: number }
  | { type: 'cooldown.tick' };

export type StartOtpInput = { compId: number; userName: string; password: string; sendMethod: OtpSendMethod };
export type VerifyOtpInput = { otpGuid: string; code: string; accountId?: number };

const errorKeyOf = (error: unknown, fallback: string): string => (isApiError(error) && error.messageKey.startsWith('errors:') ? error.messageKey : fallback);

const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;

function resultOf(context: LoginContext): LoginResult {
  const answer = context.answer ?? { sessionToken: '', user: { userID: 0, userName: '', compID: 0, compGUID: '' } };
  // A tenant's phone sign-in names no company: the account the server signed in is who it was.
  const byAccount = context.companyCode.trim() === '';
  return {
    answer,
    credentials: byAccount
      ? { compId: answer.user.compID, userName: answer.user.userName }
      : { compId: Number(context.companyCode.trim()), userName: context.userName.trim() },
  };
}

export function validateForm(c: LoginCredentials): FieldErrors {
  const errors: FieldErrors = {};
  const company = firstFailure(positiveInteger(c.companyCode, 'companyCode'));
  if (company) errors.companyCode = `errors:${company.messageKey}`;
  const user = required('userName', c.userName);
  if (user) errors.userName = `errors:${user.messageKey}`;
  const password = required('password', c.password);
  if (password) errors.password = `errors:${password.messageKey}`;
  return errors;
}

function missing(name: string): never {
  throw new Error(`loginMachine: provide the ${name} actor`);
}

export const loginMachine = setup({
  types: {} as { context: LoginContext; events: LoginEvent; output: LoginResult; input: Partial<LoginCredentials> | undefined },
  actors: {
    startOtp: fromPromise<OtpStartAnswer, StartOtpInput>(async () => missing('startOtp')),
    resendOtp: fromPromise<OtpSendAnswer, { otpGuid: string }>(async () => missing('resendOtp')),
    verifyOtp: fromPromise<VerifyAnswer, VerifyOtpInput>(async () => missing('verifyOtp')),
    /** Stores the session (and whatever else sign-in needs) before the machine reports loggedIn. */
    completeLogin: fromPromise<void, LoginResult>(async () => missing('completeLogin')),
    cooldownTicker: fromCallback(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'cooldown.tick' }), 1000);
      return () => clearInterval(timer);
    }),
  },
  guards: {
    formInvalid: ({ context }) => Object.keys(validateForm(context)).length > 0,
    userNotFound: (_, answer: OtpStartAnswer) => !answer.codeSent && answer.sendTo.target.includes('*') && answer.sendTo.target2 === '',
    codeNotSent: (_, answer: OtpStartAnswer) => !answer.codeSent,
    codeInvalid: ({ context }) => otpCode(context.code) !== null,
    canResend: ({ context }) => context.cooldownLeft <= 0,
    coolingDown: ({ context }) => context.cooldownLeft > 0,
    needsAccountChoice: (_, answer: VerifyAnswer) => isAccountChoice(answer),
    otpExpiredOrLocked: (_, error: unknown) => isApiError(error) && (error.status === 429 || error.status === 410),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      return { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined }, errorKey: null };
    }),
    setMethod: assign({ sendMethod: (_, method: OtpSendMethod) => method }),
    showFieldErrors: assign({ fieldErrors: ({ context }) => validateForm(context) }),
    clearErrors: assign({ fieldErrors: {}, errorKey: null }),
    setError: assign({ errorKey: (_, key: string) => key }),
    setErrorFrom: assign({ errorKey: (_, p: { error: unknown; fallback: string }) => errorKeyOf(p.error, p.fallback) }),
    rememberOtp: assign((_, answer: OtpStartAnswer) => ({
      otpGuid: answer.otpGuid,
      sendTo: answer.sendTo,
      sentByCallInsteadOfEmail: answer.sentByCallInsteadOfEmail === true,
      code: '',
    })),
    rememberResent: assign({ sendTo: (_, answer: OtpSendAnswer) => answer.sendTo, code: '' }),
    markCodeByCall: assign({
      codeByCall: ({ context }) => context.sendMethod === 'call' || context.sentByCallInsteadOfEmail,
    }),
    startCooldown: assign({ cooldownLeft: RESEND_COOLDOWN_S }),
    endCooldown: assign({ cooldownLeft: 0 }),
    rememberAnswer: assign({ answer: (_, answer: VerifyAnswer) => (isAccountChoice(answer) ? null : answer) }),
    rememberAccounts: assign({ accounts: (_, answer: VerifyAnswer) => (isAccountChoice(answer) ? answer.chooseAccount : []) }),
    chooseAccount: assign({ accountId: (_, accountId: number) => accountId }),
    /** Verified: the password has done its job and is not kept, not even in memory. */
    forgetPassword: assign({ password: '' }),
    tick: assign({ cooldownLeft: ({ context }) => Math.max(0, context.cooldownLeft - 1) }),
    setCode: assign({ code: (_, code: string) => digitsOnly(code).slice(0, OTP_CODE_LENGTH), fieldErrors: {}, errorKey: null }),
    showCodeError: assign({ fieldErrors: ({ context }) => ({ code: `errors:${otpCode(context.code)?.messageKey ?? 'invalidCode'}` }) }),
    resetOtp: assign({
      otpGuid: '',
      sendTo: null,
      code: '',
      cooldownLeft: 0,
      codeByCall: false,
      sentByCallInsteadOfEmail: false,
      answer: null,
      accounts: [],
      accountId: null,
    }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    companyCode: input?.companyCode ?? '',
    userName: input?.userName ?? '',
    password: input?.password ?? '',
    sendMethod: input?.sendMethod ?? 'sms',
    fieldErrors: {},
    errorKey: null,
    otpGuid: '',
    sendTo: null,
    codeByCall: false,
    sentByCallInsteadOfEmail: false,
    code: '',
    cooldownLeft: 0,
    answer: null,
    accounts: [],
    accountId: null,
  }),
  initial: 'idle',
  output: ({ context }) => resultOf(context),
  states: {
    idle: {
      on: {
        'form.change': { actions: 'setField' },
        'form.method': { actions: { type: 'setMethod', params: ({ event }) => event.method } },
        'form.submit': [
          { guard: 'formInvalid', actions: 'showFieldErrors' },
          { target: 'sendingCode', actions: 'clearErrors' },
        ],
      },
    },
    sendingCode: {
      invoke: {
        src: 'startOtp',
        input: ({ context }) => ({
          compId: Number(context.companyCode.trim()),
          userName: context.userName.trim(),
          password: context.password,
          sendMethod: context.sendMethod,
        }),
        onDone: [
          {
            guard: { type: 'userNotFound', params: ({ event }) => event.output },
            target: 'idle',
            actions: { type: 'setError', params: 'errors:identifyingDetailsIncorrect' },
          },
          {
            guard: { type: 'codeNotSent', params: ({ event }) => event.output },
            target: 'idle',
            actions: { type: 'setError', params: 'errors:loginFailed' },
          },
          {
            target: 'awaitingCode',
            actions: [{ type: 'rememberOtp', params: ({ event }) => event.output }, 'markCodeByCall', 'startCooldown'],
          },
        ],
        onError: {
          target: 'idle',
          actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:loginError' }) },
        },
      },
    },
    awaitingCode: {
      invoke: { src: 'cooldownTicker' },
      on: {
        'cooldown.tick': { guard: 'coolingDown', actions: 'tick' },
        'otp.change': { actions: { type: 'setCode', params: ({ event }) => event.code } },
        'otp.submit': [
          { guard: 'codeInvalid', actions: 'showCodeError' },
          { target: 'verifying', actions: 'clearErrors' },
        ],
        'otp.resend': { guard: 'canResend', target: 'resending', actions: 'clearErrors' },
        'otp.back': { target: 'idle', actions: ['resetOtp', 'clearErrors'] },
      },
    },
    resending: {
      invoke: {
        src: 'resendOtp',
        input: ({ context }) => ({ otpGuid: context.otpGuid }),
        onDone: { target: 'awaitingCode', actions: [{ type: 'rememberResent', params: ({ event }) => event.output }, 'startCooldown'] },
        onError: {
          target: 'awaitingCode',
          actions: [{ type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:anErrorOccurred' }) }, 'startCooldown'],
        },
      },
    },
    verifying: {
      invoke: {
        src: 'verifyOtp',
        input: ({ context }) => ({ otpGuid: context.otpGuid, code: context.code, ...(context.accountId !== null ? { accountId: context.accountId } : {}) }),
        onDone: [
          {
            guard: { type: 'needsAccountChoice', params: ({ event }) => event.output },
            target: 'choosingAccount',
            actions: { type: 'rememberAccounts', params: ({ event }) => event.output },
          },
          { target: 'finishing', actions: [{ type: 'rememberAnswer', params: ({ event }) => event.output }, 'forgetPassword'] },
        ],
        onError: [
          {
            guard: { type: 'otpExpiredOrLocked', params: errorOf },
            target: 'awaitingCode',
            actions: [{ type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:tooManyRequests' }) }, 'endCooldown'],
          },
          {
            target: 'awaitingCode',
            actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:invalidCode' }) },
          },
        ],
      },
    },
    choosingAccount: {
      on: {
        'account.choose': { target: 'verifying', actions: [{ type: 'chooseAccount', params: ({ event }) => event.accountId }, 'clearErrors'] },
        'otp.back': { target: 'idle', actions: ['resetOtp', 'clearErrors'] },
      },
    },
    finishing: {
      invoke: {
        src: 'completeLogin',
        input: ({ context }) => resultOf(context),
        onDone: { target: 'loggedIn' },
        onError: {
          target: 'idle',
          actions: [{ type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:loginError' }) }, 'resetOtp'],
        },
      },
    },
    loggedIn: { type: 'final' },
  },
});
