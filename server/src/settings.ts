// Deployment settings read from the environment (server/main.ts passes nothing else): each has a
// ServerOptions field of the same meaning that wins over the variable (tests set those).
import { z } from 'zod';
import { DEFAULT_USAGE_LIMITS } from './limits/usageLimits.ts';
import type { UsageLimitName, UsageLimits } from './limits/usageLimits.ts';

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

const usageOverrides = z.record(z.string(), z.object({ max: z.number().int().positive(), windowMs: z.number().int().positive() }).strict());
const isUsageLimitName = (name: string): name is UsageLimitName => Object.hasOwn(DEFAULT_USAGE_LIMITS, name);

/**
 * USAGE_LIMITS: JSON of limits that replace defaults of limits/usageLimits.ts, e.g.
 * `{"codeSendsPerPhone":{"max":8,"windowMs":3600000}}`. Unset → the defaults. A name that is no limit,
 * or a value that is not a positive whole number, stops the server at start (a typo must not pass silently).
 */
export function usageLimitsFrom(value: string | undefined): Partial<UsageLimits> {
  if (!value?.trim()) return {};
  const out: Partial<UsageLimits> = {};
  for (const [name, limit] of Object.entries(usageOverrides.parse(JSON.parse(value)))) {
    if (!isUsageLimitName(name)) throw new Error(`USAGE_LIMITS: no limit is named ${name}`);
    out[name] = limit;
  }
  return out;
}
