export { createCallWithRelogin } from './callWithRelogin';
export type { CallWithRelogin } from './callWithRelogin';
export { createTokenRelogin, RELOGIN_LOCK } from './tokenRelogin';
export type { TokenRelogin, TokenReloginDeps } from './tokenRelogin';
export { isUnreachable, tokenReloginMachine } from './tokenReloginMachine';
export type { ReloginOutcome, RenewalCredentials, RenewedSession } from './tokenReloginMachine';
