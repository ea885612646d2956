// Lighthouse's mobile profile ("slow 4G", a mid-range phone) as DevTools emulates it, and how the
// mobile first-visit row prints what it measured under it. Pure: the row's browser side is mobileFirstVisit.ts.
import { kb, ms, ratio, times } from './stats';

/** Lighthouse's numbers: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (its kilobits are 1 024 bits), CPU 4× slower. */
export const MOBILE_PROFILE = { rttMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750, cpuSlowdown: 4 } as const;

export type MobileProfile = typeof MOBILE_PROFILE;

/** Kilobits (of 1 024 bits) per second → bytes per second, the unit of Network.emulateNetworkConditions. */
export const kbpsToBytesPerSecond = (kbps: number): number => (kbps * 1024) / 8;

/** The parameters of the CDP command Network.emulateNetworkConditions for `profile`. */
export function networkConditions(profile: MobileProfile = MOBILE_PROFILE) {
  return {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: kbpsToBytesPerSecond(profile.downloadKbps),
    uploadThroughput: kbpsToBytesPerSecond(profile.uploadKbps),
  };
}

export const LOGIN_USABLE_TARGET_MS = 2500;
export const DASHBOARD_PAINTED_TARGET_MS = 3500;
export const MOBILE_TARGET = '/login usable ≤ 2.5 s · dashboard painted ≤ 3.5 s after the code';

/** One timed step: milliseconds and the bytes Chromium received for it (headers and bodies as encoded). */
export type Step = { ms: number; bytes: number; requests: number };

export type MobileResult = { login: Step; reference: Step; dashboard: Step };

const seconds = (value: number): string => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : '—');
const step = (s: Step): string => `${seconds(s.ms)}, ${kb(s.bytes)} in ${s.requests} requests`;

export function formatMobileResult(r: MobileResult) {
  const loginRatio = ratio(r.login.ms, r.reference.ms);
  return {
    result: `/login usable ${step(r.login)} · dashboard painted ${step(r.dashboard)} after the code`,
    reference: `static page ${step(r.reference)} (${ms(r.reference.ms)})`,
    ratio: `/login ${times(loginRatio)} the static page`,
    verdict: r.login.ms <= LOGIN_USABLE_TARGET_MS && r.dashboard.ms <= DASHBOARD_PAINTED_TARGET_MS ? ('met' as const) : ('missed' as const),
    loginRatio,
  };
}
