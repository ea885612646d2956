// Token re-login (spec section 4): on API code -1 or a missing token, reset the token and try ONE
// silent renewal with the device's renewal secret (never a password: none is stored); when that fails
// the user is logged out and sent to Login. The server rotates the secret on every renewal, so the new
// one is saved with the new token. The machine runs inside the cross-context lock (tokenRelogin.ts), so
// it first checks whether another tab or the service worker already renewed the token that failed:
// spending the same secret twice would revoke it.
import { assign, fromPromise, setup } from 'xstate';
import type { ErrorActorEvent } from 'xstate';
import { isApiError, SESSION_EXPIRED_CODE } from '../errors';

/** What the device keeps for a silent re-login (sessionVault): the secret and the device it is bound to. */
export type RenewalCredentials = { renewalSecret: string; deviceId: string };
/** The renewal's answer: a new session token and the next secret (the presented one is spent). */
export type RenewedSession = { sessionToken: string; renewalSecret?: string };
export type ReloginOutcome = 'renewed' | 'renewedElsewhere' | 'failed' | 'unreachable';

export type TokenReloginContext = {
  failedToken: string;
  credentials: RenewalCredentials | null;
  renewed: RenewedSession | null;
  newToken: string;
  outcome: ReloginOutcome | null;
  error: unknown;
};

export type TokenReloginEvent = { type: 'relogin.start'; failedToken: string };

/**
 * The server refused the secret for good: the session is over (401/-1, 403, or another 4xx about the
 * request itself). A network failure, a timeout, a 5xx, 408 or 429, an answer that is not the API's
 * (a captive portal's page): the renewal's answer was lost or never given, which says nothing about
 * the secret — the worker stays signed in and the renewal is tried again later.
 */
export function isDefiniteRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.errorCode === SESSION_EXPIRED_CODE) return true;
  const status = error.status;
  return status !== null && status >= 400 && status < 500 && ![408, 425, 429].includes(status);
}

/** Not a refusal: keep the user signed in. */
export function isUnreachable(error: unknown): boolean {
  return !isDefiniteRefusal(error);
}

const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;

export const tokenReloginMachine = setup({
  types: {} as { context: TokenReloginContext; events: TokenReloginEvent; output: ReloginOutcome },
  actors: {
    readToken: fromPromise<string>(async () => ''),
    resetToken: fromPromise<void>(async () => undefined),
    loadRenewal: fromPromise<RenewalCredentials | null>(async () => null),
    renewSession: fromPromise<RenewedSession, RenewalCredentials>(async () => ({ sessionToken: '' })),
    saveRenewed: fromPromise<void, RenewedSession>(async () => undefined),
    markLoggedOut: fromPromise<void>(async () => undefined),
  },
  guards: {
    renewedElsewhere: ({ context }, token: string) => token !== '' && token !== context.failedToken,
    hasRenewal: (_, credentials: RenewalCredentials | null) => credentials !== null && credentials.renewalSecret !== '' && credentials.deviceId !== '',
    hasToken: (_, answer: RenewedSession) => typeof answer.sessionToken === 'string' && answer.sessionToken !== '',
    unreachable: (_, error: unknown) => isUnreachable(error),
  },
  actions: {
    rememberFailedToken: assign({ failedToken: (_, token: string) => token }),
    rememberCredentials: assign({ credentials: (_, credentials: RenewalCredentials | null) => credentials }),
    rememberRenewed: assign({ renewed: (_, answer: RenewedSession) => answer, newToken: (_, answer: RenewedSession) => answer.sessionToken }),
    rememberNewToken: assign({ newToken: (_, token: string) => token }),
    rememberError: assign({ error: (_, error: unknown) => error }),
    setOutcome: assign({ outcome: (_, outcome: ReloginOutcome) => outcome }),
  },
}).createMachine({
  id: 'tokenRelogin',
  context: { failedToken: '', credentials: null, renewed: null, newToken: '', outcome: null, error: null },
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
        // Unreadable storage: go on with our own renewal.
        onError: { target: 'resettingToken' },
      },
    },
    resettingToken: {
      invoke: { src: 'resetToken', onDone: 'loadingRenewal', onError: 'loadingRenewal' },
    },
    loadingRenewal: {
      invoke: {
        src: 'loadRenewal',
        onDone: [
          {
            guard: { type: 'hasRenewal', params: ({ event }) => event.output },
            target: 'renewing',
            actions: { type: 'rememberCredentials', params: ({ event }) => event.output },
          },
          { target: 'loggingOut' },
        ],
        onError: { target: 'loggingOut', actions: { type: 'rememberError', params: errorOf } },
      },
    },
    renewing: {
      invoke: {
        src: 'renewSession',
        input: ({ context }) => context.credentials ?? { renewalSecret: '', deviceId: '' },
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => event.output },
            target: 'savingSession',
            actions: { type: 'rememberRenewed', params: ({ event }) => event.output },
          },
          // An answer without a token is not the server refusing: try again later.
          { target: 'unreachable' },
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
    savingSession: {
      invoke: {
        src: 'saveRenewed',
        input: ({ context }) => context.renewed ?? { sessionToken: '' },
        onDone: { target: 'renewed', actions: { type: 'setOutcome', params: 'renewed' } },
        // The new secret could not be stored (a full disk): the stored one is presented again later,
        // and the server answers a renewal whose answer was lost again (server/src/auth/renewal.ts).
        onError: { target: 'unreachable', actions: { type: 'rememberError', params: errorOf } },
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
