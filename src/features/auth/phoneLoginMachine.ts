// A tenant's phone sign-in (issue 14): the sign-in's machine and code step with another first step —
// the phone alone — and, for a phone of several companies, the account choice after the code.
import { assign, fromPromise } from 'xstate';
import { phoneAuth, phoneStart } from '../../api/calls/auth';
import type { OtpStartAnswer, VerifyAnswer } from '../../api/calls/auth';
import { deviceId } from '../../db/sessionVault';
import { phone } from '../../lib/validation/rules.ts';
import { api } from '../../session/api';
import { loginActors } from './loginActors';
import { loginMachine } from './loginMachine';
import type { FieldErrors, LoginCredentials, StartOtpInput, VerifyOtpInput } from './loginMachine';

/** The phone is kept in the machine's `userName`. */
export function phoneFieldErrors(c: Pick<LoginCredentials, 'userName'>): FieldErrors {
  const failure = phone(c.userName, 'phone');
  return failure ? { userName: `errors:${failure.messageKey}` } : {};
}

export const phoneLoginMachine = loginMachine.provide({
  actors: {
    ...loginActors,
    startOtp: fromPromise<OtpStartAnswer, StartOtpInput>(({ input }) => phoneStart(api, { phone: input.userName, otpPreferredSendMethod: input.sendMethod })),
    verifyOtp: fromPromise<VerifyAnswer, VerifyOtpInput>(async ({ input }) =>
      phoneAuth(api, {
        otpGuid: input.otpGuid,
        otpCode: input.code,
        deviceId: await deviceId(),
        ...(input.accountId !== undefined ? { accountId: input.accountId } : {}),
      }),
    ),
  },
  guards: { formInvalid: ({ context }) => Object.keys(phoneFieldErrors(context)).length > 0 },
  actions: { showFieldErrors: assign({ fieldErrors: ({ context }) => phoneFieldErrors(context) }) },
});

/** A phone sign-in starts empty: no company (the answer's account says which) and no password. */
export const phoneLoginInput: LoginCredentials = { companyCode: '', userName: '', password: '', sendMethod: 'sms' };
