import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OtpAuthAnswer, OtpSendAnswer, OtpStartAnswer, VerifyAnswer } from '../../api/calls/auth';
import { ApiError } from '../../api/errors';
import { emptySession } from '../../db/sessionVault';
import { initI18n } from '../../i18n/i18n';
import { loginMachine } from './loginMachine';
import type { LoginResult, StartOtpInput, VerifyOtpInput } from './loginMachine';
import { LoginScreen } from './LoginScreen';
import { AppNavigationContext } from '../../ui/appNavigation';
import { SessionContext } from '../../session/sessionContext';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(verify: () => Promise<OtpAuthAnswer>, start?: (i: StartOtpInput) => Promise<OtpStartAnswer>) {
  const starts: StartOtpInput[] = [];
  const complete = vi.fn(async (_: LoginResult): Promise<void> => undefined);
  const machine = loginMachine.provide({
    actors: {
      startOtp: fromPromise(async ({ input }: { input: StartOtpInput }) => {
        starts.push(input);
        return start
          ? start(input)
          : { codeSent: true, sendTo: { target: '050****567', target2: '' }, otpGuid: 'g', sentByCallInsteadOfEmail: input.sendMethod === 'email' };
      }),
      resendOtp: fromPromise(async (): Promise<OtpSendAnswer> => ({ codeSent: true, sendTo: { target: '050****567', target2: '' } })),
      verifyOtp: fromPromise<VerifyAnswer, VerifyOtpInput>(verify),
      completeLogin: fromPromise<void, LoginResult>(async ({ input }) => {
        await complete(input);
      }),
    },
  });
  const afterLogin = vi.fn(async () => undefined);
  const update = vi.fn(async () => undefined);
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        element: (
          <AppNavigationContext.Provider value={{ go: (to, options) => void router.navigate(to, options) }}>
            <LoginScreen initial={{}} machine={machine} afterLogin={afterLogin} />
          </AppNavigationContext.Provider>
        ),
      },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <SessionContext.Provider value={{ ready: true, loggedIn: false, session: { ...emptySession, previousPath: '/keys' }, versionStatus: 'ok', update }}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return { starts, complete, afterLogin, update, router };
}

const fill = () => {
  fireEvent.change(screen.getByLabelText('Company code'), { target: { value: '1001' } });
  fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'dana' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo1234' } });
};

describe('LoginScreen', () => {
  it('shows translated required-field errors', () => {
    setup(async () => ({ sessionToken: 't', user: { userID: 1, userName: 'dana', compID: 1001, compGUID: 'g' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getAllByText('Required field')).toHaveLength(3);
  });

  it('signs in: where the code went, digits only, then back to the remembered page', async () => {
    const t = setup(async () => ({ sessionToken: 't', user: { userID: 1, userName: 'dana', compID: 1001, compGUID: 'g' } }));
    fill();
    fireEvent.click(screen.getByRole('radio', { name: 'E-mail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('A verification code was sent to 050****567')).toBeTruthy();
    expect(screen.getByText('No e-mail address on file, so the code was sent by a phone call')).toBeTruthy();
    expect(screen.getByText('Enter the last 5 digits of the number that called you')).toBeTruthy();
    expect(screen.getByRole('button', { name: /New code in 30 s/ })).toHaveProperty('disabled', true);
    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '12a34-5' } });
    expect(code.value).toBe('12345');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(t.router.state.location.pathname).toBe('/keys'));
    expect(t.starts[0]).toMatchObject({ compId: 1001, userName: 'dana', sendMethod: 'email' });
    expect(t.complete).toHaveBeenCalledTimes(1);
    expect(t.afterLogin).toHaveBeenCalledTimes(1);
    expect(t.update).toHaveBeenCalledWith({ previousPath: null });
  });

  it('shows an invalid code from the server in the user’s language', async () => {
    setup(() => Promise.reject(new ApiError({ message: 'x', errorCode: 'INVALID_CODE', status: 422, messageKey: 'errors:invalidCode' })));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '99999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid confirmation code')).toBeTruthy();
  });

  it('counts the resend cooldown down visibly', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup(async () => ({ sessionToken: 't', user: { userID: 1, userName: 'dana', compID: 1001, compGUID: 'g' } }));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Verification code');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: /^New code in 2\d s$/ })).toBeTruthy();
    act(() => vi.advanceTimersByTime(28_000));
    expect(screen.getByRole('button', { name: 'Send a new code' })).toHaveProperty('disabled', false);
  });

  it('USER NOT FOUND shows that the details are incorrect', async () => {
    setup(
      async () => ({ sessionToken: 't', user: { userID: 1, userName: 'x', compID: 1, compGUID: '' } }),
      async () => ({ codeSent: false, sendTo: { target: '*****', target2: '' }, otpGuid: '' }),
    );
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('One or more identifying details are incorrect')).toBeTruthy();
  });
});
