import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { ApiError } from '../errors';
import { tokenReloginMachine } from './tokenReloginMachine';
import type { RenewalCredentials, RenewedSession } from './tokenReloginMachine';

const creds: RenewalCredentials = { renewalSecret: 'secret-1', deviceId: 'device-1' };

type Overrides = {
  readToken?: () => Promise<string>;
  resetToken?: () => Promise<void>;
  loadRenewal?: () => Promise<RenewalCredentials | null>;
  renewSession?: (c: RenewalCredentials) => Promise<RenewedSession>;
  saveRenewed?: (renewed: RenewedSession) => Promise<void>;
  markLoggedOut?: () => Promise<void>;
};

function run(o: Overrides = {}, failedToken = 'old') {
  const calls: string[] = [];
  const saved: RenewedSession[] = [];
  const machine = tokenReloginMachine.provide({
    actors: {
      readToken: fromPromise(async () => {
        calls.push('readToken');
        return (o.readToken ?? (async () => 'old'))();
      }),
      resetToken: fromPromise(async () => {
        calls.push('resetToken');
        await (o.resetToken ?? (async () => undefined))();
      }),
      loadRenewal: fromPromise(async () => {
        calls.push('loadRenewal');
        return (o.loadRenewal ?? (async () => creds))();
      }),
      renewSession: fromPromise(async ({ input }: { input: RenewalCredentials }) => {
        calls.push(`renew:${input.renewalSecret}@${input.deviceId}`);
        return (o.renewSession ?? (async () => ({ sessionToken: 'new', renewalSecret: 'secret-2' })))(input);
      }),
      saveRenewed: fromPromise(async ({ input }: { input: RenewedSession }) => {
        calls.push('saveRenewed');
        saved.push(input);
        await (o.saveRenewed ?? (async () => undefined))(input);
      }),
      markLoggedOut: fromPromise(async () => {
        calls.push('markLoggedOut');
        await (o.markLoggedOut ?? (async () => undefined))();
      }),
    },
  });
  const actor = createActor(machine);
  const states: string[] = [];
  actor.subscribe((s) => states.push(String(s.value)));
  actor.start();
  return {
    actor,
    calls,
    saved,
    states,
    go: async () => {
      actor.send({ type: 'relogin.start', failedToken });
      return toPromise(actor);
    },
  };
}

describe('token re-login machine', () => {
  it('waits in idle until relogin.start', () => {
    const { actor } = run();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('resets the token, renews once with the stored renewal secret and device id, and saves the new token with the next secret', async () => {
    const t = run();
    expect(await t.go()).toBe('renewed');
    expect(t.calls).toEqual(['readToken', 'resetToken', 'loadRenewal', 'renew:secret-1@device-1', 'saveRenewed']);
    expect(t.states).toEqual(['idle', 'checkingOtherContexts', 'resettingToken', 'loadingRenewal', 'renewing', 'savingSession', 'renewed']);
    expect(t.saved).toEqual([{ sessionToken: 'new', renewalSecret: 'secret-2' }]);
    expect(t.actor.getSnapshot().context.newToken).toBe('new');
  });

  it('guard renewedElsewhere: another context already stored a different token', async () => {
    const t = run({ readToken: async () => 'fresh-from-other-tab' });
    expect(await t.go()).toBe('renewedElsewhere');
    expect(t.calls).toEqual(['readToken']);
  });

  it('guard renewedElsewhere is false for an empty token: renews here', async () => {
    const t = run({ readToken: async () => '' }, '');
    expect(await t.go()).toBe('renewed');
  });

  it('goes on with its own re-login when the stored token cannot be read', async () => {
    const t = run({ readToken: () => Promise.reject(new Error('idb')) });
    expect(await t.go()).toBe('renewed');
  });

  it('goes on to load the renewal secret even if resetting the token fails', async () => {
    const t = run({ resetToken: () => Promise.reject(new Error('idb')) });
    expect(await t.go()).toBe('renewed');
  });

  it.each([
    ['none stored', null],
    ['no secret', { ...creds, renewalSecret: '' }],
    ['no device id', { ...creds, deviceId: '' }],
  ])('guard hasRenewal: %s → logged out without calling the server', async (_, stored) => {
    const t = run({ loadRenewal: async () => stored });
    expect(await t.go()).toBe('failed');
    expect(t.calls).toEqual(['readToken', 'resetToken', 'loadRenewal', 'markLoggedOut']);
  });

  it('logs out when the renewal secret cannot be loaded', async () => {
    const t = run({ loadRenewal: () => Promise.reject(new Error('decrypt')) });
    expect(await t.go()).toBe('failed');
    expect(t.calls.at(-1)).toBe('markLoggedOut');
  });

  it('guard hasToken: an answer without a token is not a refusal — the worker stays signed in', async () => {
    const t = run({ renewSession: async () => ({ sessionToken: '' }) });
    expect(await t.go()).toBe('unreachable');
    expect(t.calls).not.toContain('saveRenewed');
    expect(t.calls).not.toContain('markLoggedOut');
  });

  it('logs out when the server refuses the renewal secret (spent, revoked, expired or another device)', async () => {
    const refused = new ApiError({ message: 'Session expired', errorCode: -1, status: 401, messageKey: 'errors:sessionExpired' });
    const t = run({ renewSession: () => Promise.reject(refused) });
    expect(await t.go()).toBe('failed');
    expect(t.actor.getSnapshot().context.error).toBe(refused);
  });

  it('guard unreachable: a network failure or timeout keeps the user signed in', async () => {
    for (const errorCode of ['NETWORK', 'TIMEOUT']) {
      const t = run({ renewSession: () => Promise.reject(new ApiError({ message: 'x', errorCode, messageKey: 'errors:anErrorOccurred' })) });
      expect(await t.go()).toBe('unreachable');
      expect(t.calls).not.toContain('markLoggedOut');
    }
  });

  it.each([
    ['a server error', new ApiError({ message: 'HTTP 502', errorCode: 502, status: 502, messageKey: 'errors:anErrorOccurred' })],
    ['a busy server', new ApiError({ message: 'HTTP 503', errorCode: 503, status: 503, messageKey: 'errors:anErrorOccurred' })],
    ['too many requests', new ApiError({ message: 'HTTP 429', errorCode: 429, status: 429, messageKey: 'errors:tooManyRequests' })],
    ['a captive portal page', new ApiError({ message: 'invalid JSON in response', errorCode: 'BAD_JSON', status: 200, messageKey: 'errors:anErrorOccurred' })],
    ['a request timeout', new ApiError({ message: 'HTTP 408', errorCode: 408, status: 408, messageKey: 'errors:anErrorOccurred' })],
  ])('guard unreachable: %s during the renewal is an answer lost, not a refusal', async (_, error) => {
    const t = run({ renewSession: () => Promise.reject(error) });
    expect(await t.go()).toBe('unreachable');
    expect(t.calls).not.toContain('markLoggedOut');
  });

  it.each([
    ['refused secret (401)', new ApiError({ message: 'Session expired', errorCode: -1, status: 401, messageKey: 'errors:sessionExpired' })],
    ['forbidden (403)', new ApiError({ message: 'Forbidden', errorCode: 403, status: 403, messageKey: 'errors:anErrorOccurred' })],
    ['a malformed device id (422)', new ApiError({ message: 'Invalid', errorCode: 'VALIDATION', status: 422, messageKey: 'errors:anErrorOccurred' })],
  ])('signs out only on a definite refusal: %s', async (_, error) => {
    const t = run({ renewSession: () => Promise.reject(error) });
    expect(await t.go()).toBe('failed');
    expect(t.calls.at(-1)).toBe('markLoggedOut');
  });

  it('an answer without a next secret still saves its token (the device then signs in with a code next time)', async () => {
    const t = run({ renewSession: async () => ({ sessionToken: 'new' }) });
    expect(await t.go()).toBe('renewed');
    expect(t.saved).toEqual([{ sessionToken: 'new' }]);
  });

  it('stays signed in when the new token and secret cannot be saved (the stored secret is presented again later)', async () => {
    const t = run({ saveRenewed: () => Promise.reject(new Error('quota')) });
    expect(await t.go()).toBe('unreachable');
    expect(t.calls).not.toContain('markLoggedOut');
  });

  it('still ends failed when marking the session logged out throws', async () => {
    const t = run({ loadRenewal: async () => null, markLoggedOut: () => Promise.reject(new Error('x')) });
    expect(await t.go()).toBe('failed');
  });

  it('ignores a second relogin.start once started', async () => {
    const onAuth = vi.fn(async () => ({ sessionToken: 'new', renewalSecret: 'secret-2' }));
    const t = run({ renewSession: onAuth });
    t.actor.send({ type: 'relogin.start', failedToken: 'old' });
    t.actor.send({ type: 'relogin.start', failedToken: 'old' });
    expect(await toPromise(t.actor)).toBe('renewed');
    expect(onAuth).toHaveBeenCalledTimes(1);
  });
});
