// Page API calls: on code -1 (or a missing token, which the server answers with -1) renew the token
// once and retry the call once. A second -1 or a failed renewal is the caller's error to show.
import { isSessionExpired } from '../errors';
import type { TokenRelogin } from './tokenRelogin';

export type CallWithRelogin = <T>(fn: () => Promise<T>) => Promise<T>;

/**
 * `readToken` captures the token a call was made with, so a call that fails after another caller
 * already renewed does not trigger a second login (the machine sees the token changed).
 */
export function createCallWithRelogin(relogin: Pick<TokenRelogin, 'renew'>, readToken: () => string | Promise<string>): CallWithRelogin {
  return async function callWithRelogin<T>(fn: () => Promise<T>): Promise<T> {
    const tokenUsed = await readToken();
    try {
      return await fn();
    } catch (error) {
      if (!isSessionExpired(error)) throw error;
      const renewed = await relogin.renew(tokenUsed);
      if (!renewed) throw error;
      return fn();
    }
  };
}
