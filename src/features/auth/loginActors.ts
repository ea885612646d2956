// The login machine's actors over the real API (the machine itself stays free of I/O for its tests).
import { fromPromise } from 'xstate';
import { otpAuth, otpSend, otpStart, registerStart } from '../../api/calls/auth';
import type { OtpSendAnswer, OtpStartAnswer, VerifyAnswer } from '../../api/calls/auth';
import { metaStore } from '../../db/metaStore';
import { deviceId } from '../../db/sessionVault';
import type { LoginResult, StartOtpInput, VerifyOtpInput } from './loginMachine';
import { api } from '../../session/api';

const APP_GUID_KEY = 'app.guid';

/** A random id of this installation (not personal), sent as `appGuid` with the OTP start. */
async function appGuid(): Promise<string> {
  const stored = await metaStore.get(APP_GUID_KEY);
  if (typeof stored?.value === 'string') return stored.value;
  const guid = crypto.randomUUID();
  await metaStore.put({ key: APP_GUID_KEY, value: guid });
  return guid;
}

/** The step after a verified code, with the worker-data call it needs: asked for once a code is on its way. */
const loadCompleteLogin = () => import('./completeLogin');

export const loginActors = {
  startOtp: fromPromise<OtpStartAnswer, StartOtpInput>(async ({ input }) => {
    // Loaded while the code is typed, not after it is verified (one round trip less on a slow link).
    void loadCompleteLogin().catch(() => undefined);
    return otpStart(api, {
      compID: input.compId,
      userName: input.userName,
      password: input.password,
      appGuid: await appGuid(),
      otpPreferredSendMethod: input.sendMethod,
    });
  }),
  resendOtp: fromPromise<OtpSendAnswer, { otpGuid: string }>(({ input }) => otpSend(api, input.otpGuid)),
  // The device id asks the server for a renewal secret bound to this device (the silent re-login's).
  verifyOtp: fromPromise<VerifyAnswer, VerifyOtpInput>(async ({ input }) =>
    otpAuth(api, { otpGuid: input.otpGuid, otpCode: input.code, deviceId: await deviceId() }),
  ),
  completeLogin: fromPromise<void, LoginResult>(async ({ input }) => {
    const { completeLogin } = await loadCompleteLogin();
    await completeLogin(input);
  }),
};

/** A sign-up link's first step: the link's code and the phone start the code exchange (RegisterScreen). */
export const registerStartOtp = fromPromise<OtpStartAnswer, StartOtpInput>(({ input }) =>
  registerStart(api, { code: input.password, phone: input.userName, otpPreferredSendMethod: input.sendMethod }),
);
