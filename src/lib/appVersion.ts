// The running version the server's minimum (global setting tenant_app_min_db_var) is compared with.
export const APP_VERSION = '2.1.56';
export const APP_NAME = 'binyan';

function parts(version: string): number[] {
  return version
    .trim()
    .split('.')
    .map((p) => Number.parseInt(p, 10))
    .map((n) => (Number.isFinite(n) ? n : 0));
}

/** Negative when a < b, 0 when equal, positive when a > b (numeric per dotted part: 2.1.100 > 2.1.56). */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** True when the server requires a newer version than this one. */
export function isUpdateRequired(minimum: string | null | undefined, running: string = APP_VERSION): boolean {
  if (!minimum || !/\d/.test(minimum)) return false;
  return compareVersions(minimum, running) > 0;
}
