// One renewal at a time: callers in this context share the in-flight promise, and other tabs and the
// service worker wait on the Web Lock `binyan-relogin`, then see the token already renewed.
import { createActor, fromPromise, toPromise } from 'xstate';
import { tokenReloginMachine } from './tokenReloginMachine';
import type { ReloginOutcome, RenewalCredentials, RenewedSession } from './tokenReloginMachine';

export const RELOGIN_LOCK = 'binyan-relogin';

export type TokenReloginDeps = {
  /** The stored renewal secret and device id; read from storage (not a cache) since another context may have rotated it. */
  loadRenewal(): Promise<RenewalCredentials | null>;
  /** The server call that spends the secret (POST /auth/session/renew). */
  renewSession(credentials: RenewalCredentials): Promise<RenewedSession>;
  /** Calls made meanwhile go without the failed token. */
  resetToken(): Promise<void>;
  /** Stores the new token and the next secret together (the old secret is spent on the server). */
  saveRenewed(renewed: RenewedSession): Promise<void>;
  /** Re-login failed: logged-in becomes false and the app goes to Login (remembering the path). */
  onFailed(): Promise<void> | void;
  /** The stored token now; lets a waiting context see that another one already renewed it. */
  readToken?(): Promise<string>;
  /** Defaults to navigator.locks where it exists (pages and service workers). */
  locks?: Pick<LockManager, 'request'> | null;
};

export type TokenRelogin = {
  /** Resolves true when a valid token is stored again (renewed here or elsewhere). */
  renew(failedToken?: string): Promise<boolean>;
  /** The outcome of the last finished renewal, for status displays and tests. */
  lastOutcome(): ReloginOutcome | null;
};

function defaultLocks(): Pick<LockManager, 'request'> | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
}

export function createTokenRelogin(deps: TokenReloginDeps): TokenRelogin {
  const readToken = deps.readToken ?? (async () => '');
  const locks = deps.locks === undefined ? defaultLocks() : deps.locks;
  let inFlight: Promise<boolean> | null = null;
  let outcome: ReloginOutcome | null = null;

  const machine = tokenReloginMachine.provide({
    actors: {
      readToken: fromPromise(() => readToken()),
      resetToken: fromPromise(() => deps.resetToken()),
      loadRenewal: fromPromise(() => deps.loadRenewal()),
      renewSession: fromPromise(({ input }: { input: RenewalCredentials }) => deps.renewSession(input)),
      saveRenewed: fromPromise(({ input }: { input: RenewedSession }) => deps.saveRenewed(input)),
      markLoggedOut: fromPromise(async () => {
        await deps.onFailed();
      }),
    },
  });

  async function run(failedToken: string): Promise<boolean> {
    const actor = createActor(machine);
    actor.start();
    actor.send({ type: 'relogin.start', failedToken });
    outcome = await toPromise(actor);
    return outcome === 'renewed' || outcome === 'renewedElsewhere';
  }

  async function renew(failedToken?: string): Promise<boolean> {
    if (inFlight) return inFlight;
    inFlight = (async () => {
      const failed = failedToken ?? (await readToken().catch(() => ''));
      return locks ? locks.request(RELOGIN_LOCK, () => run(failed)) : run(failed);
    })();
    try {
      return await inFlight;
    } finally {
      inFlight = null;
    }
  }

  return { renew, lastOutcome: () => outcome };
}
