// Exponential backoff with full jitter (delay = random(0, min(cap, base·2^n))), so a fleet of phones
// that regain signal together does not hammer the server in lockstep. Retry-After is a floor.

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/** Delay before attempt number `attempts + 1`, given `attempts` failed ones (≥ 1). */
export function backoffDelay(attempts: number, retryAfterMs: number | null = null, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempts - 1);
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 30));
  const jittered = Math.floor(random() * ceiling);
  return retryAfterMs === null ? jittered : Math.max(jittered, Math.min(retryAfterMs, 24 * 3_600_000));
}
