import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { ApiError } from '../errors';
import { tokenReloginMachine } from './tokenReloginMachine';
import type { ReloginCredentials } from './tokenReloginMachine';

const creds: ReloginCredentials = { compId: 1001, userName: 'avi', password: 'demo1234' };

type Overrides = {
  readToken?: () => Promise<string>;
  resetToken?: () => Promise<void>;
  loadCredentials?: () => Promise<ReloginCredentials | null>;
  authByCompId?: (c: ReloginCredentials) => Promise<{ sessionToken: string }>;
  saveToken?: (token: string) => Promise<void>;
  markLoggedOut?: () => Promise<void>;
};

function run(o: Overrides = {}, failedToken = 'old') {
  const calls: string[] = [];
  const saved: string[] = [];
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
      loadCredentials: fromPromise(async () => {
        calls.push('loadCredentials');
        return (o.loadCredentials ?? (async () => creds))();
      }),
      authByCompId: fromPromise(async ({ input }: { input: ReloginCredentials }) => {
        calls.push(`auth:${input.userName}`);
        return (o.authByCompId ?? (async () => ({ sessionToken: 'new' })))(input);
      }),
      saveToken: fromPromise(async ({ input }: { input: { token: string } }) => {
        calls.push('saveToken');
        saved.push(input.token);
        await (o.saveToken ?? (async () => undefined))(input.token);
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

  it('resets the token, logs in once with the stored credentials and saves the new token', async () => {
    const t = run();
    expect(await t.go()).toBe('renewed');
    expect(t.calls).toEqual(['readToken', 'resetToken', 'loadCredentials', 'auth:avi', 'saveToken']);
    expect(t.states).toEqual(['idle', 'checkingOtherContexts', 'resettingToken', 'loadingCredentials', 'loggingIn', 'savingToken', 'renewed']);
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

  it('goes on to load credentials even if resetting the token fails', async () => {
    const t = run({ resetToken: () => Promise.reject(new Error('idb')) });
    expect(await t.go()).toBe('renewed');
  });

  it.each([
    ['none stored', null],
    ['no password', { ...creds, password: '' }],
    ['no user', { ...creds, userName: '' }],
    ['no company', { ...creds, compId: 0 }],
  ])('guard hasCredentials: %s → logged out without calling the server', async (_, stored) => {
    const t = run({ loadCredentials: async () => stored });
    expect(await t.go()).toBe('failed');
    expect(t.calls).toEqual(['readToken', 'resetToken', 'loadCredentials', 'markLoggedOut']);
  });

  it('logs out when the credentials cannot be loaded', async () => {
    const t = run({ loadCredentials: () => Promise.reject(new Error('decrypt')) });
    expect(await t.go()).toBe('failed');
    expect(t.calls.at(-1)).toBe('markLoggedOut');
  });

  it('guard hasToken: an answer without a token is a failed login', async () => {
    const t = run({ authByCompId: async () => ({ sessionToken: '' }) });
    expect(await t.go()).toBe('failed');
    expect(t.calls).not.toContain('saveToken');
    expect(t.calls.at(-1)).toBe('markLoggedOut');
  });

  it('logs out when the server refuses the stored credentials', async () => {
    const refused = new ApiError({ message: 'Login failed', errorCode: 1, messageKey: 'errors:loginFailed' });
    const t = run({ authByCompId: () => Promise.reject(refused) });
    expect(await t.go()).toBe('failed');
    expect(t.actor.getSnapshot().context.error).toBe(refused);
  });

  it('guard unreachable: a network failure or timeout keeps the user signed in', async () => {
    for (const errorCode of ['NETWORK', 'TIMEOUT']) {
      const t = run({ authByCompId: () => Promise.reject(new ApiError({ message: 'x', errorCode, messageKey: 'errors:anErrorOccurred' })) });
      expect(await t.go()).toBe('unreachable');
      expect(t.calls).not.toContain('markLoggedOut');
    }
  });

  it('logs out when the new token cannot be saved', async () => {
    const t = run({ saveToken: (token) => (token === 'new' ? Promise.reject(new Error('quota')) : Promise.resolve()) });
    expect(await t.go()).toBe('failed');
    expect(t.calls.at(-1)).toBe('markLoggedOut');
  });

  it('still ends failed when marking the session logged out throws', async () => {
    const t = run({ loadCredentials: async () => null, markLoggedOut: () => Promise.reject(new Error('x')) });
    expect(await t.go()).toBe('failed');
  });

  it('ignores a second relogin.start once started', async () => {
    const onAuth = vi.fn(async () => ({ sessionToken: 'new' }));
    const t = run({ authByCompId: onAuth });
    t.actor.send({ type: 'relogin.start', failedToken: 'old' });
    t.actor.send({ type: 'relogin.start', failedToken: 'old' });
    expect(await toPromise(t.actor)).toBe('renewed');
    expect(onAuth).toHaveBeenCalledTimes(1);
  });
});
