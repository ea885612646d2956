// Token re-login (spec section 4): on API code -1 or a missing token, reset the token and try ONE
// silent login with the stored credentials; when that fails the user is logged out and sent to Login.
// The machine runs inside the cross-context lock (tokenRelogin.ts), so it first checks whether another
// tab or the service worker already renewed the token that failed.
import { assign, fromPromise, setup } from 'xstate';
import type { ErrorActorEvent } from 'xstate';
import { isApiError } from '../errors';

export type ReloginCredentials = { compId: number; userName: string; password: string };
export type ReloginOutcome = 'renewed' | 'renewedElsewhere' | 'failed' | 'unreachable';

export type TokenReloginContext = {
  failedToken: string;
  credentials: ReloginCredentials | null;
  newToken: string;
  outcome: ReloginOutcome | null;
  error: unknown;
};

export type TokenReloginEvent = { type: 'relogin.start'; failedToken: string };

/** A network failure or timeout says nothing about the credentials: keep the user signed in. */
export function isUnreachable(error: unknown): boolean {
  return isApiError(error) && (error.errorCode === 'NETWORK' || error.errorCode === 'TIMEOUT');
}

const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;

export const tokenReloginMachine = setup({
  types: {} as { context: TokenReloginContext; events: TokenReloginEvent; output: ReloginOutcome },
  actors: {
    readToken: fromPromise<string>(async () => ''),
    resetToken: fromPromise<void>(async () => undefined),
    loadCredentials: fromPromise<ReloginCredentials | null>(async () => null),
    authByCompId: fromPromise<{ sessionToken: string }, ReloginCredentials>(async () => ({ sessionToken: '' })),
    saveToken: fromPromise<void, { token: string }>(async () => undefined),
    markLoggedOut: fromPromise<void>(async () => undefined),
  },
  guards: {
    renewedElsewhere: ({ context }, token: string) => token !== '' && token !== context.failedToken,
    hasCredentials: (_, credentials: ReloginCredentials | null) =>
      credentials !== null && credentials.compId > 0 && credentials.userName !== '' && credentials.password !== '',
    hasToken: (_, answer: { sessionToken: string }) => typeof answer.sessionToken === 'string' && answer.sessionToken !== '',
    unreachable: (_, error: unknown) => isUnreachable(error),
  },
  actions: {
    rememberFailedToken: assign({ failedToken: (_, token: string) => token }),
    rememberCredentials: assign({ credentials: (_, credentials: ReloginCredentials | null) => credentials }),
    rememberNewToken: assign({ newToken: (_, token: string) => token }),
    rememberError: assign({ error: (_, error: unknown) => error }),
    setOutcome: assign({ outcome: (_, outcome: ReloginOutcome) => outcome }),
  },
}).createMachine({
  id: 'tokenRelogin',
  context: { failedToken: '', credentials: null, newToken: '', outcome: null, error: null },
  initial: 'idle',
  output: ({ context }) => context.outcome ?? 'failed',
  states: {
    idle: {
      on: {
        'relogin.start': {
          target: 'checkingOtherContexts',
          actions: { type: 'rememberFailedToken', params: ({ event }) => event.failedToken },
        },
      },
    },
    checkingOtherContexts: {
      invoke: {
        src: 'readToken',
        onDone: [
          {
            guard: { type: 'renewedElsewhere', params: ({ event }) => event.output },
            target: 'renewed',
            actions: [
              { type: 'rememberNewToken', params: ({ event }) => event.output },
              { type: 'setOutcome', params: 'renewedElsewhere' },
            ],
          },
          { target: 'resettingToken' },
        ],
        // Unreadable storage: go on with our own re-login.
        onError: { target: 'resettingToken' },
      },
    },
    resettingToken: {
      invoke: { src: 'resetToken', onDone: 'loadingCredentials', onError: 'loadingCredentials' },
    },
    loadingCredentials: {
      invoke: {
        src: 'loadCredentials',
        onDone: [
          {
            guard: { type: 'hasCredentials', params: ({ event }) => event.output },
            target: 'loggingIn',
            actions: { type: 'rememberCredentials', params: ({ event }) => event.output },
          },
          { target: 'loggingOut' },
        ],
        onError: { target: 'loggingOut', actions: { type: 'rememberError', params: errorOf } },
      },
    },
    loggingIn: {
      invoke: {
        src: 'authByCompId',
        input: ({ context }) => context.credentials ?? { compId: 0, userName: '', password: '' },
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => event.output },
            target: 'savingToken',
            actions: { type: 'rememberNewToken', params: ({ event }) => event.output.sessionToken },
          },
          { target: 'loggingOut' },
        ],
        onError: [
          {
            guard: { type: 'unreachable', params: errorOf },
            target: 'unreachable',
            actions: { type: 'rememberError', params: errorOf },
          },
          { target: 'loggingOut', actions: { type: 'rememberError', params: errorOf } },
        ],
      },
    },
    savingToken: {
      invoke: {
        src: 'saveToken',
        input: ({ context }) => ({ token: context.newToken }),
        onDone: { target: 'renewed', actions: { type: 'setOutcome', params: 'renewed' } },
        onError: { target: 'loggingOut', actions: { type: 'rememberError', params: errorOf } },
      },
    },
    loggingOut: {
      invoke: { src: 'markLoggedOut', onDone: 'failed', onError: 'failed' },
    },
    renewed: { type: 'final' },
    failed: { type: 'final', entry: { type: 'setOutcome', params: 'failed' } },
    unreachable: { type: 'final', entry: { type: 'setOutcome', params: 'unreachable' } },
  },
});
