import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { createCallWithRelogin } from './callWithRelogin';
import { createTokenRelogin, RELOGIN_LOCK } from './tokenRelogin';
import type { TokenReloginDeps } from './tokenRelogin';
import type { RenewalCredentials, RenewedSession } from './tokenReloginMachine';

const expired = () => new ApiError({ message: 'Session expired', errorCode: -1, status: 401, messageKey: 'errors:sessionExpired' });

/** A device that holds a token and a renewal secret; renewals rotate the secret like the server does. */
function store(initial = 'old') {
  let token = initial;
  let secret = 'secret-0';
  let renewals = 0;
  const deps = {
    loadRenewal: vi.fn(async (): Promise<RenewalCredentials | null> => ({ renewalSecret: secret, deviceId: 'device-1' })),
    renewSession: vi.fn(async (c: RenewalCredentials) => {
      await new Promise((r) => setTimeout(r, 5));
      renewals += 1;
      if (c.renewalSecret !== `secret-${renewals - 1}`)
        throw new ApiError({ message: 'spent', errorCode: -1, status: 401, messageKey: 'errors:sessionExpired' });
      return { sessionToken: `new-${renewals}`, renewalSecret: `secret-${renewals}` };
    }),
    resetToken: vi.fn(async () => undefined),
    saveRenewed: vi.fn(async (r: RenewedSession) => {
      token = r.sessionToken;
      secret = r.renewalSecret ?? '';
    }),
    onFailed: vi.fn(async () => {
      token = '';
    }),
    readToken: vi.fn(async () => token),
    locks: null,
  } satisfies TokenReloginDeps;
  return { deps, token: () => token, secret: () => secret };
}

describe('createTokenRelogin', () => {
  it('shares one re-login among concurrent callers', async () => {
    const s = store();
    const relogin = createTokenRelogin(s.deps);
    const results = await Promise.all([relogin.renew(), relogin.renew(), relogin.renew()]);
    expect(results).toEqual([true, true, true]);
    expect(s.deps.renewSession).toHaveBeenCalledTimes(1);
    expect(s.token()).toBe('new-1');
    expect(s.secret()).toBe('secret-1');
    expect(relogin.lastOutcome()).toBe('renewed');
  });

  it('reports failure, calls onFailed once and returns false', async () => {
    const s = store();
    s.deps.renewSession.mockRejectedValue(new ApiError({ message: 'Session expired', errorCode: -1, status: 401, messageKey: 'errors:sessionExpired' }));
    const relogin = createTokenRelogin(s.deps);
    expect(await Promise.all([relogin.renew(), relogin.renew()])).toEqual([false, false]);
    expect(s.deps.onFailed).toHaveBeenCalledTimes(1);
    expect(s.token()).toBe('');
  });

  it('holds the cross-context lock while renewing', async () => {
    const s = store();
    const names: string[] = [];
    const locks = {
      request: vi.fn(async (name: string, cb: () => Promise<boolean>) => {
        names.push(name);
        return cb();
      }),
    } as unknown as Pick<LockManager, 'request'>;
    await createTokenRelogin({ ...s.deps, locks }).renew();
    expect(names).toEqual([RELOGIN_LOCK]);
  });

  it('does not log in again when another context renewed while this one waited for the lock', async () => {
    const s = store('old');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const locks = {
      request: async (_: string, cb: () => Promise<boolean>) => {
        await gate;
        return cb();
      },
    } as unknown as Pick<LockManager, 'request'>;
    const pending = createTokenRelogin({ ...s.deps, locks }).renew();
    await s.deps.saveRenewed({ sessionToken: 'renewed-by-service-worker', renewalSecret: 'secret-from-service-worker' });
    release();
    expect(await pending).toBe(true);
    // Presenting the secret the service worker already spent would have revoked the device's chain.
    expect(s.deps.renewSession).not.toHaveBeenCalled();
  });
});

describe('callWithRelogin', () => {
  it('renews on -1 and retries the call once', async () => {
    const s = store();
    const call = createCallWithRelogin(createTokenRelogin(s.deps), s.deps.readToken);
    const fn = vi.fn().mockRejectedValueOnce(expired()).mockResolvedValueOnce('data');
    expect(await call(fn)).toBe('data');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('does not retry more than once', async () => {
    const s = store();
    const call = createCallWithRelogin(createTokenRelogin(s.deps), s.deps.readToken);
    const fn = vi.fn().mockRejectedValue(expired());
    await expect(call(fn)).rejects.toMatchObject({ errorCode: -1 });
    expect(fn).toHaveBeenCalledTimes(2);
    expect(s.deps.renewSession).toHaveBeenCalledTimes(1);
  });

  it('throws the original error without retrying when the renewal fails', async () => {
    const s = store();
    s.deps.loadRenewal.mockResolvedValue(null);
    const call = createCallWithRelogin(createTokenRelogin(s.deps), s.deps.readToken);
    const fn = vi.fn().mockRejectedValue(expired());
    await expect(call(fn)).rejects.toMatchObject({ errorCode: -1 });
    expect(fn).toHaveBeenCalledTimes(1);
    expect(s.deps.onFailed).toHaveBeenCalledTimes(1);
  });

  it('passes other errors through untouched', async () => {
    const s = store();
    const call = createCallWithRelogin(createTokenRelogin(s.deps), s.deps.readToken);
    const other = new ApiError({ message: 'x', errorCode: 'VALIDATION', status: 422, messageKey: 'errors:requiredField' });
    await expect(call(() => Promise.reject(other))).rejects.toBe(other);
    expect(s.deps.renewSession).not.toHaveBeenCalled();
  });

  it('a call failing after another caller already renewed does not log in again', async () => {
    const s = store();
    const relogin = createTokenRelogin(s.deps);
    const call = createCallWithRelogin(relogin, s.deps.readToken);
    let first = true;
    // The call was made with 'old'; by the time it fails, 'new-1' is already stored.
    const fn = vi.fn(async () => {
      if (first) {
        first = false;
        await relogin.renew('old');
        throw expired();
      }
      return 'ok';
    });
    expect(await call(fn)).toBe('ok');
    expect(s.deps.renewSession).toHaveBeenCalledTimes(1);
  });
});
