// Deployment settings read from the environment (server/main.ts passes nothing else): each has a
// ServerOptions field of the same meaning that wins over the variable (tests set those).

/**
 * ALLOW_PASSWORD_LOGIN: '1' or 'true' answers AuthByCompID/v2 (a session for a password alone) for old
 * clients. Anything else keeps it off: sign-in takes the one-time code.
 */
export function passwordLoginFrom(value: string | undefined): boolean {
  const v = value?.trim().toLowerCase() ?? '';
  return v === '1' || v === 'true';
}

/**
 * TRUST_PROXY: unset, '', '0' or 'false' → off (X-Forwarded-* ignored: the client address, host and
 * protocol come from the connection); '1' or 'true' → trust whoever connects (only when nothing but the
 * proxy can reach the port); otherwise a comma-separated list of the proxies' addresses or CIDR ranges.
 */
export function trustProxyFrom(value: string | undefined): boolean | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (v === '1' || v.toLowerCase() === 'true') return true;
  return v;
}
