// Driving the real app like a user: sign in through the login screen, wait for performance marks.
import type { Page } from 'playwright-core';
import type { AppServer } from '../../tests/e2e/fixtures/appServer';
import { LoginPage } from '../../tests/e2e/pages/LoginPage';
import { BENCH_USER } from './api';

/** Set by the dashboard's building list once its rows are on screen. */
export const DASHBOARD_MARK = 'binyan:dashboard-list-rendered';
/** Set by public/paint-start.js when it painted the last dashboard before any app script ran. */
export const PAINTED_MARK = 'binyan:dashboard-painted';
/** Set by public/bench-static.html, the precached reference page. */
export const STATIC_MARK = 'binyan:bench-static-rendered';

export async function signInThroughUi(page: Page, server: AppServer): Promise<void> {
  const login = new LoginPage(page, server.baseUrl);
  if (!new URL(page.url()).pathname.startsWith('/login')) await login.goto('/login');
  await login.signIn(
    { companyCode: BENCH_USER.companyCode, userName: BENCH_USER.userName, password: BENCH_USER.password },
    (since) => server.waitForOtp(BENCH_USER.userName, { since }),
    () => server.otpMark(),
  );
  // Signed in: the app left /login for the user's home (src/app/homeRoute.ts: avi's is the day's plan).
  await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/login'), { timeout: 30_000 });
}

/** startTime (ms since the navigation started) of the first mark `name`, once it exists. */
export async function markTime(page: Page, name: string, timeoutMs = 30_000): Promise<number> {
  const handle = await page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark')[0]?.startTime, name, { timeout: timeoutMs, polling: 100 });
  return (await handle.jsonValue()) as number;
}

export async function hasMark(page: Page, name: string, timeoutMs: number): Promise<boolean> {
  try {
    await markTime(page, name, timeoutMs);
    return true;
  } catch {
    return false;
  }
}
