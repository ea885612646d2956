import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OtpAuthAnswer, OtpSendAnswer, OtpStartAnswer, VerifyAnswer } from '../../api/calls/auth';
import { ApiError } from '../../api/errors';
import { loginMachine, RESEND_COOLDOWN_S } from './loginMachine';
import type { LoginResult, StartOtpInput, VerifyOtpInput } from './loginMachine';

const sent: OtpStartAnswer = { codeSent: true, sendTo: { target: '050****567', target2: 'a***@example.com' }, otpGuid: 'g-1' };
const authAnswer: OtpAuthAnswer = { sessionToken: 'tok', user: { userID: 7, userName: 'avi', compID: 1001, compGUID: 'c-g' } };
const apiError = (status: number, messageKey: string) => new ApiError({ message: messageKey, errorCode: status, status, messageKey });

type Fakes = {
  startOtp?: (i: StartOtpInput) => Promise<OtpStartAnswer>;
  resendOtp?: (i: { otpGuid: string }) => Promise<OtpSendAnswer>;
  verifyOtp?: (i: VerifyOtpInput) => Promise<VerifyAnswer>;
  completeLogin?: (r: LoginResult) => Promise<void>;
};

function start(f: Fakes = {}) {
  const seen = { start: [] as StartOtpInput[], resend: 0, verify: [] as string[], accounts: [] as (number | undefined)[], complete: [] as LoginResult[] };
  const actor = createActor(
    loginMachine.provide({
      actors: {
        startOtp: fromPromise(async ({ input }: { input: StartOtpInput }) => {
          seen.start.push(input);
          return (f.startOtp ?? (async () => sent))(input);
        }),
        resendOtp: fromPromise(async ({ input }: { input: { otpGuid: string } }) => {
          seen.resend += 1;
          return (f.resendOtp ?? (async () => ({ codeSent: true, sendTo: { target: '052****111', target2: '' } })))(input);
        }),
        verifyOtp: fromPromise<VerifyAnswer, VerifyOtpInput>(async ({ input }) => {
          seen.verify.push(input.code);
          seen.accounts.push(input.accountId);
          return (f.verifyOtp ?? (async () => authAnswer))(input);
        }),
        completeLogin: fromPromise(async ({ input }: { input: LoginResult }) => {
          seen.complete.push(input);
          await (f.completeLogin ?? (async () => undefined))(input);
        }),
      },
    }),
    { input: {} },
  );
  actor.start();
  return { actor, seen, ctx: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value };
}

function fill(actor: ReturnType<typeof start>['actor'], companyCode = '1001', userName = 'avi', password = 'demo1234') {
  actor.send({ type: 'form.change', field: 'companyCode', value: companyCode });
  actor.send({ type: 'form.change', field: 'userName', value: userName });
  actor.send({ type: 'form.change', field: 'password', value: password });
}

async function toAwaitingCode(f: Fakes = {}) {
  const t = start(f);
  fill(t.actor);
  t.actor.send({ type: 'form.submit' });
  await waitFor(t.actor, (s) => s.matches('awaitingCode'));
  return t;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('login machine: details step', () => {
  it('starts idle with sms as the preferred method', () => {
    const t = start();
    expect(t.state()).toBe('idle');
    expect(t.ctx().sendMethod).toBe('sms');
  });

  it('requires company code, user name and password', () => {
    const t = start();
    t.actor.send({ type: 'form.submit' });
    expect(t.state()).toBe('idle');
    expect(t.ctx().fieldErrors).toEqual({ companyCode: 'errors:requiredField', userName: 'errors:requiredField', password: 'errors:requiredField' });
  });

  it('requires a numeric company code', () => {
    const t = start();
    fill(t.actor, '10a1');
    t.actor.send({ type: 'form.submit' });
    expect(t.ctx().fieldErrors).toEqual({ companyCode: 'errors:invalidNumber' });
  });

  it('clears a field error when that field changes', () => {
    const t = start();
    t.actor.send({ type: 'form.submit' });
    t.actor.send({ type: 'form.change', field: 'userName', value: 'avi' });
    expect(t.ctx().fieldErrors.userName).toBeUndefined();
    expect(t.ctx().fieldErrors.password).toBe('errors:requiredField');
  });

  it('sends the details with the chosen method', async () => {
    const t = start();
    fill(t.actor, ' 1001 ', ' avi ');
    t.actor.send({ type: 'form.method', method: 'email' });
    t.actor.send({ type: 'form.submit' });
    expect(t.state()).toBe('sendingCode');
    await waitFor(t.actor, (s) => s.matches('awaitingCode'));
    expect(t.seen.start).toEqual([{ compId: 1001, userName: 'avi', password: 'demo1234', sendMethod: 'email' }]);
    expect(t.ctx()).toMatchObject({ otpGuid: 'g-1', sendTo: sent.sendTo, cooldownLeft: RESEND_COOLDOWN_S, codeByCall: false });
  });

  it('USER NOT FOUND: a masked-only target with an empty second target', async () => {
    const t = start({ startOtp: async () => ({ codeSent: false, sendTo: { target: '******', target2: '' }, otpGuid: '' }) });
    fill(t.actor);
    t.actor.send({ type: 'form.submit' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.ctx().errorKey).toBe('errors:identifyingDetailsIncorrect');
  });

  it('a code not sent for another reason is a failed login', async () => {
    const t = start({ startOtp: async () => ({ codeSent: false, sendTo: { target: '050****567', target2: 'x' }, otpGuid: '' }) });
    fill(t.actor);
    t.actor.send({ type: 'form.submit' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.ctx().errorKey).toBe('errors:loginFailed');
  });

  it('shows too many requests from the server', async () => {
    const t = start({ startOtp: () => Promise.reject(apiError(429, 'errors:tooManyRequests')) });
    fill(t.actor);
    t.actor.send({ type: 'form.submit' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.ctx().errorKey).toBe('errors:tooManyRequests');
  });

  it('shows the account or address lockout the server answers, and keeps the details to try later', async () => {
    const t = start({ startOtp: () => Promise.reject(apiError(429, 'errors:tooManyAttempts')) });
    fill(t.actor);
    t.actor.send({ type: 'form.submit' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.ctx().errorKey).toBe('errors:tooManyAttempts');
    expect(t.ctx()).toMatchObject({ companyCode: '1001', userName: 'avi' });
  });

  it('shows a login error for a failure without a message key', async () => {
    const t = start({ startOtp: () => Promise.reject(new Error('boom')) });
    fill(t.actor);
    t.actor.send({ type: 'form.submit' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.ctx().errorKey).toBe('errors:loginError');
  });

  it('no e-mail: the code was sent by a phone call instead, and is the last 5 digits of the caller', async () => {
    const t = await toAwaitingCode({ startOtp: async () => ({ ...sent, sentByCallInsteadOfEmail: true }) });
    expect(t.ctx()).toMatchObject({ sentByCallInsteadOfEmail: true, codeByCall: true });
  });

  it('a chosen phone call means the code is the last 5 digits of the caller', async () => {
    const t = start();
    fill(t.actor);
    t.actor.send({ type: 'form.method', method: 'call' });
    t.actor.send({ type: 'form.submit' });
    await waitFor(t.actor, (s) => s.matches('awaitingCode'));
    expect(t.ctx().codeByCall).toBe(true);
  });
});

describe('login machine: code step', () => {
  it('keeps digits only, at most 5', async () => {
    const t = await toAwaitingCode();
    t.actor.send({ type: 'otp.change', code: '1a2-3 4567' });
    expect(t.ctx().code).toBe('12345');
  });

  it('refuses an incomplete code without calling the server', async () => {
    const t = await toAwaitingCode();
    t.actor.send({ type: 'otp.change', code: '123' });
    t.actor.send({ type: 'otp.submit' });
    expect(t.state()).toBe('awaitingCode');
    expect(t.ctx().fieldErrors.code).toBe('errors:invalidCode');
    t.actor.send({ type: 'otp.change', code: '' });
    t.actor.send({ type: 'otp.submit' });
    expect(t.ctx().fieldErrors.code).toBe('errors:requiredField');
    expect(t.seen.verify).toEqual([]);
  });

  it('verifies the code, completes the login and ends loggedIn with the result', async () => {
    const t = await toAwaitingCode();
    t.actor.send({ type: 'otp.change', code: '12345' });
    t.actor.send({ type: 'otp.submit' });
    expect(t.state()).toBe('verifying');
    await waitFor(t.actor, (s) => s.status === 'done');
    expect(t.state()).toBe('loggedIn');
    const expected = { answer: authAnswer, credentials: { compId: 1001, userName: 'avi' } };
    expect(t.seen.complete).toEqual([expected]);
    expect(t.actor.getSnapshot().output).toEqual(expected);
    // The password is handed to nobody after the code is verified, and not kept in memory either.
    expect(JSON.stringify(t.seen.complete)).not.toContain('demo1234');
    expect(t.ctx().password).toBe('');
  });

  it('an invalid code returns to the code step with the message', async () => {
    const t = await toAwaitingCode({ verifyOtp: () => Promise.reject(apiError(422, 'errors:invalidCode')) });
    t.actor.send({ type: 'otp.change', code: '99999' });
    t.actor.send({ type: 'otp.submit' });
    await waitFor(t.actor, (s) => s.matches('awaitingCode') && s.context.errorKey !== null);
    expect(t.ctx().errorKey).toBe('errors:invalidCode');
  });

  it('an unclassified verify failure is shown as an invalid code', async () => {
    const t = await toAwaitingCode({ verifyOtp: () => Promise.reject(new Error('x')) });
    t.actor.send({ type: 'otp.change', code: '99999' });
    t.actor.send({ type: 'otp.submit' });
    await waitFor(t.actor, (s) => s.matches('awaitingCode') && s.context.errorKey !== null);
    expect(t.ctx().errorKey).toBe('errors:invalidCode');
  });

  it('too many wrong codes: shows the message and allows a new code at once', async () => {
    const t = await toAwaitingCode({ verifyOtp: () => Promise.reject(apiError(429, 'errors:tooManyRequests')) });
    t.actor.send({ type: 'otp.change', code: '99999' });
    t.actor.send({ type: 'otp.submit' });
    await waitFor(t.actor, (s) => s.matches('awaitingCode') && s.context.errorKey !== null);
    expect(t.ctx()).toMatchObject({ errorKey: 'errors:tooManyRequests', cooldownLeft: 0 });
  });

  it('a failure while storing the session returns to the details with a login error', async () => {
    const t = await toAwaitingCode({ completeLogin: () => Promise.reject(new Error('idb')) });
    t.actor.send({ type: 'otp.change', code: '12345' });
    t.actor.send({ type: 'otp.submit' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.ctx()).toMatchObject({ errorKey: 'errors:loginError', otpGuid: '', sendTo: null });
  });

  it('goes back to the details and forgets the code', async () => {
    const t = await toAwaitingCode();
    t.actor.send({ type: 'otp.change', code: '12' });
    t.actor.send({ type: 'otp.back' });
    expect(t.state()).toBe('idle');
    expect(t.ctx()).toMatchObject({ otpGuid: '', code: '', sendTo: null, cooldownLeft: 0, userName: 'avi' });
  });
});

describe('login machine: resend with a visible cooldown', () => {
  it('counts down each second and refuses to resend before it ends', async () => {
    vi.useFakeTimers();
    const t = await toAwaitingCode();
    t.actor.send({ type: 'otp.resend' });
    expect(t.state()).toBe('awaitingCode');
    expect(t.seen.resend).toBe(0);
    vi.advanceTimersByTime(3000);
    expect(t.ctx().cooldownLeft).toBe(RESEND_COOLDOWN_S - 3);
    vi.advanceTimersByTime((RESEND_COOLDOWN_S + 5) * 1000);
    expect(t.ctx().cooldownLeft).toBe(0);
  });

  it('resends once the cooldown is over and restarts it', async () => {
    vi.useFakeTimers();
    const t = await toAwaitingCode();
    vi.advanceTimersByTime(RESEND_COOLDOWN_S * 1000);
    t.actor.send({ type: 'otp.resend' });
    expect(t.state()).toBe('resending');
    vi.useRealTimers();
    await waitFor(t.actor, (s) => s.matches('awaitingCode'));
    expect(t.seen.resend).toBe(1);
    expect(t.ctx()).toMatchObject({ cooldownLeft: RESEND_COOLDOWN_S, sendTo: { target: '052****111', target2: '' } });
  });

  it('shows a resend refusal and waits another cooldown', async () => {
    vi.useFakeTimers();
    const t = await toAwaitingCode({ resendOtp: () => Promise.reject(apiError(429, 'errors:tooManyRequests')) });
    vi.advanceTimersByTime(RESEND_COOLDOWN_S * 1000);
    t.actor.send({ type: 'otp.resend' });
    vi.useRealTimers();
    await waitFor(t.actor, (s) => s.matches('awaitingCode') && s.context.errorKey !== null);
    expect(t.ctx()).toMatchObject({ errorKey: 'errors:tooManyRequests', cooldownLeft: RESEND_COOLDOWN_S });
  });
});

describe('login machine: a tenant phone of several companies', () => {
  const accounts = [
    { userId: 31, companyId: 1001, companyName: 'A', apartmentNumber: '4', address: 'Herzl 1' },
    { userId: 52, companyId: 2002, companyName: 'B', apartmentNumber: '9', address: 'Bialik 2' },
  ];
  const tenantAnswer: OtpAuthAnswer = { sessionToken: 't2', user: { userID: 52, userName: '0521234567', compID: 2002, compGUID: 'g2' } };

  it('asks which account after a right code, then signs in to the chosen one as that account', async () => {
    const t = start({ verifyOtp: async (i) => (i.accountId === undefined ? { chooseAccount: accounts } : tenantAnswer) });
    fill(t.actor, '1001', '0521234567');
    t.actor.send({ type: 'form.submit' });
    await waitFor(t.actor, (s) => s.matches('awaitingCode'));
    t.actor.send({ type: 'otp.change', code: '12345' });
    t.actor.send({ type: 'otp.submit' });
    await waitFor(t.actor, (s) => s.matches('choosingAccount'));
    expect(t.ctx().accounts).toEqual(accounts);
    t.actor.send({ type: 'account.choose', accountId: 52 });
    await waitFor(t.actor, (s) => s.matches('loggedIn'));
    expect(t.seen.verify).toEqual(['12345', '12345']);
    expect(t.seen.accounts).toEqual([undefined, 52]);
  });

  it('goes back to the first step from the choice, forgetting the code and the accounts', async () => {
    const t = await toAwaitingCode({ verifyOtp: async () => ({ chooseAccount: accounts }) });
    t.actor.send({ type: 'otp.change', code: '12345' });
    t.actor.send({ type: 'otp.submit' });
    await waitFor(t.actor, (s) => s.matches('choosingAccount'));
    t.actor.send({ type: 'otp.back' });
    expect(t.state()).toBe('idle');
    expect(t.ctx()).toMatchObject({ accounts: [], accountId: null, code: '', otpGuid: '' });
  });
});
