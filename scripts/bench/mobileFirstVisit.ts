// Row: the first visit on Lighthouse's mobile profile, through DevTools (network and CPU emulation),
// no service worker and no HTTP cache. Each run is a fresh browser: the static reference page, /login
// until its form is usable, then a real sign-in timed from submitting the code to the building list
// on screen. Times are read in the page at the moment the condition held; bytes are what Chromium
// received (headers and encoded bodies) for the requests finished by then.
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/fixtures/browser';
import { DashboardPage } from '../../tests/e2e/pages/DashboardPage';
import { LoginPage } from '../../tests/e2e/pages/LoginPage';
import type { BenchContext } from './context';
import { formatMobileResult, MOBILE_PROFILE, MOBILE_TARGET, networkConditions } from './mobileProfile';
import type { Step } from './mobileProfile';
import { median } from './stats';
import type { BenchRow } from './table';

export const MOBILE_FIGURE = 'first visit, mobile profile';
/** Generous: a slow machine reports a slow time, it does not fail the run. */
const STEP_TIMEOUT_MS = 90_000;

/** Requests finished and bytes received since the session's Network domain was enabled. */
class WireCounter {
  bytes = 0;
  requests = 0;
  constructor(cdp: CDPSession) {
    cdp.on('Network.loadingFinished', (event) => {
      this.bytes += event.encodedDataLength;
      this.requests += 1;
    });
  }
  snapshot() {
    return { bytes: this.bytes, requests: this.requests };
  }
  since(start: { bytes: number; requests: number }) {
    return { bytes: this.bytes - start.bytes, requests: this.requests - start.requests };
  }
}

/** Milliseconds since the epoch by the page's clock (performance.timeOrigin survives no navigation, so both ends read it). */
const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.timeOrigin + performance.now());
/** Milliseconds since this document's navigation started. */
const sinceNavigation = (page: Page): Promise<number> => page.evaluate(() => performance.now());

async function visitStatic(page: Page, baseUrl: string, wire: WireCounter): Promise<Step> {
  const start = wire.snapshot();
  await page.goto(`${baseUrl}/bench-static.html`, { waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
  await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  return { ms: await sinceNavigation(page), ...wire.since(start) };
}

/** /login until its first field is visible and enabled (a trial click waits for both, and clicks nothing). */
async function visitLogin(page: Page, login: LoginPage, wire: WireCounter): Promise<Step> {
  const start = wire.snapshot();
  await page.goto(new URL('/login', login.baseUrl).href, { waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
  await page.getByLabel(login.t('companyCode')).click({ trial: true, timeout: STEP_TIMEOUT_MS });
  return { ms: await sinceNavigation(page), ...wire.since(start) };
}

// The management company's staff land on the buildings list (the dashboard); a worker lands on the day's plan.
const DASHBOARD_USER = { companyCode: '1001', userName: 'miri', password: 'demo1234' } as const;

/** The code typed in, then from pressing verify until the dashboard's building list is on screen. */
async function signInToDashboard(page: Page, ctx: BenchContext, login: LoginPage, wire: WireCounter): Promise<Step> {
  await login.fillDetails(DASHBOARD_USER);
  const mark = ctx.server.otpMark();
  await login.button(login.t('sendCode')).click({ timeout: STEP_TIMEOUT_MS });
  await login.codeInput().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  await login.codeInput().fill(await ctx.server.waitForOtp(DASHBOARD_USER.userName, { since: mark }));
  const start = wire.snapshot();
  const startedAt = await pageNow(page);
  await login.button(login.t('verify')).click({ timeout: STEP_TIMEOUT_MS });
  await new DashboardPage(page, ctx.server.baseUrl).rows().first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  return { ms: (await pageNow(page)) - startedAt, ...wire.since(start) };
}

async function oneRun(ctx: BenchContext, staticFirst: boolean) {
  const browser = await launchBrowser({ locale: 'he-IL', serviceWorkers: 'block' });
  try {
    const { page, context } = browser;
    // Stays attached for the whole run: a detached session ends its emulation.
    const cdp = await context.newCDPSession(page);
    const wire = new WireCounter(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', networkConditions());
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_PROFILE.cpuSlowdown });
    const login = new LoginPage(page, ctx.server.baseUrl);
    const reference = staticFirst ? await visitStatic(page, ctx.server.baseUrl, wire) : null;
    const loginStep = await visitLogin(page, login, wire);
    const dashboard = await signInToDashboard(page, ctx, login, wire);
    return { login: loginStep, dashboard, reference: reference ?? (await visitStatic(page, ctx.server.baseUrl, wire)) };
  } finally {
    await browser.close();
  }
}

const medianStep = (steps: Step[]): Step => ({
  ms: median(steps.map((s) => s.ms)),
  bytes: median(steps.map((s) => s.bytes)),
  requests: median(steps.map((s) => s.requests)),
});

export async function measureMobileFirstVisit(ctx: BenchContext): Promise<BenchRow> {
  const runs = ctx.quick ? 1 : 3;
  const samples: Array<Awaited<ReturnType<typeof oneRun>>> = [];
  for (let i = 0; i < runs; i++) samples.push(await oneRun(ctx, i % 2 === 0));
  const login = medianStep(samples.map((s) => s.login));
  const reference = medianStep(samples.map((s) => s.reference));
  const dashboard = medianStep(samples.map((s) => s.dashboard));
  const printed = formatMobileResult({ login, reference, dashboard });
  const { rttMs, downloadKbps, uploadKbps, cpuSlowdown } = MOBILE_PROFILE;
  return {
    figure: MOBILE_FIGURE,
    how: `DevTools emulation of Lighthouse's mobile profile (${rttMs} ms round trip, ${downloadKbps / 1024} Mbit/s down, ${uploadKbps} kbit/s up, CPU ${cpuSlowdown}× slower), fresh browser, no service worker, cache disabled; /login until the company-code field is visible and enabled, then ${DASHBOARD_USER.userName}'s sign-in from pressing verify until the building list (staff's home) is on screen; ${runs === 1 ? 'one run' : `median of ${runs}`}`,
    result: printed.result,
    reference: printed.reference,
    ratio: printed.ratio,
    target: MOBILE_TARGET,
    verdict: printed.verdict,
    values: {
      runs,
      loginMs: login.ms,
      loginBytes: login.bytes,
      loginRequests: login.requests,
      staticMs: reference.ms,
      staticBytes: reference.bytes,
      dashboardMs: dashboard.ms,
      dashboardBytes: dashboard.bytes,
      dashboardRequests: dashboard.requests,
      loginRatio: printed.loginRatio,
      loginSamples: samples.map((s) => Math.round(s.login.ms)).join(','),
      staticSamples: samples.map((s) => Math.round(s.reference.ms)).join(','),
      dashboardSamples: samples.map((s) => Math.round(s.dashboard.ms)).join(','),
    },
  };
}
