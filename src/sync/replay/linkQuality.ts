// How good the uplink is, for photo uploads: the browser's Network Information API where it has one
// (Chromium, also in the service worker), and the throughput the last photo parts actually reached
// (resumableUpload.ts). Safari and Firefox have no API: until a measurement says otherwise the link
// counts as slow, so photos go one at a time in small parts — the safe choice on a weak signal, and only
// a little slower on a good one (the first parts measure it).

/** Below this measured upload rate a link is slow (bytes per second; ~1.2 Mbit/s). */
export const SLOW_BYTES_PER_SECOND = 150_000;

type NetworkInformationLike = { effectiveType?: string; downlink?: number; saveData?: boolean };

let measuredBytesPerSecond: number | null = null;

/** The throughput of the last part that went through (a slow one counts as much as a fast one). */
export function noteUploadRate(bytesPerSecond: number): void {
  if (Number.isFinite(bytesPerSecond) && bytesPerSecond > 0) measuredBytesPerSecond = bytesPerSecond;
}

export function lastUploadRate(): number | null {
  return measuredBytesPerSecond;
}

function connectionOf(nav: unknown): NetworkInformationLike | undefined {
  if (typeof nav !== 'object' || nav === null || !('connection' in nav)) return undefined;
  const { connection } = nav;
  return typeof connection === 'object' && connection !== null ? connection : undefined;
}

/** True on a link where photos should go one at a time in small parts. */
export function isSlowLink(nav: unknown = globalThis.navigator): boolean {
  const info = connectionOf(nav);
  if (info?.saveData === true) return true;
  if (info?.effectiveType !== undefined && ['slow-2g', '2g', '3g'].includes(info.effectiveType)) return true;
  // A measurement beats the browser's estimate (effectiveType is about downloads, and rounded).
  if (measuredBytesPerSecond !== null) return measuredBytesPerSecond < SLOW_BYTES_PER_SECOND;
  if (info?.effectiveType === '4g') return false;
  return true;
}

/** Photos uploading at once: one on a slow or unknown link, two on a good one. */
export function photoConcurrency(nav: unknown = globalThis.navigator): number {
  return isSlowLink(nav) ? 1 : 2;
}

export function resetLinkQualityForTests(): void {
  measuredBytesPerSecond = null;
}
