// README screenshots of the field round (dashboard, apartments, contact search, daily plan) in
// Hebrew and English at 390×844, with the real server and Chromium. Needs a built dist/:
//   flock /tmp/binyan-e2e.lock sh -c 'npx tsx scripts/build.ts && npx tsx scripts/screenshots-field-round.ts'
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startAppServer } from '../tests/e2e/fixtures/appServer';
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { launchBrowser } from '../tests/e2e/fixtures/browser';
import { ApartmentsPage } from '../tests/e2e/pages/ApartmentsPage';
import { DailyPlanPage } from '../tests/e2e/pages/DailyPlanPage';
import { DashboardPage } from '../tests/e2e/pages/DashboardPage';
import { LoginPage } from '../tests/e2e/pages/LoginPage';
import { SearchContactPage } from '../tests/e2e/pages/SearchContactPage';
import { root } from './paths';

const outDir = path.join(root, 'docs/screenshots');
const languages = [
  { lang: 'he', locale: 'he-IL' },
  { lang: 'en', locale: 'en-GB' },
] as const;
const BUILDING = 'בית הרצל';

async function shot(page: Page, file: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(outDir, file) });
  console.log(`docs/screenshots/${file}`);
}

async function takeFor(server: AppServer, lang: 'he' | 'en', locale: string): Promise<void> {
  const browser = await launchBrowser({ locale });
  try {
    const { page } = browser;
    await browser.context.addInitScript((code) => localStorage.setItem('binyan.language', code), lang);
    const login = new LoginPage(page, server.baseUrl);
    login.lang = lang;
    await login.goto('/login');
    await login.signIn({ companyCode: '1001', userName: 'avi', password: 'demo1234' }, (since) => server.waitForOtp('avi', { since }), () => server.otpMark());

    const plan = Object.assign(new DailyPlanPage(page, server.baseUrl), { lang });
    const dashboard = Object.assign(new DashboardPage(page, server.baseUrl), { lang });
    await dashboard.waitForRoute('dashboard');
    await plan.navigateTo('dailyPlan');
    await plan.takeDayOffline();

    await dashboard.navigateTo('dashboard');
    await dashboard.select(BUILDING);
    await shot(page, `buildings-dashboard-${lang}.png`);

    const apartments = Object.assign(new ApartmentsPage(page, server.baseUrl), { lang });
    await apartments.navigateTo('apartments');
    await apartments.waitVisible(apartments.apartment(1));
    await shot(page, `apartments-list-${lang}.png`);

    const contacts = Object.assign(new SearchContactPage(page, server.baseUrl), { lang });
    await contacts.navigateTo('searchContact');
    await contacts.scope('all').check();
    await contacts.search('כהן');
    await contacts.waitVisible(contacts.kind('kind.text.hebrew'));
    await shot(page, `contacts-search-${lang}.png`);

    await plan.navigateTo('dailyPlan');
    const [first] = await plan.buildingNames();
    if (first) {
      await plan.checkboxes(first).first().check();
      await plan.waitVisible(plan.syncBadge(first, 'synced'));
    }
    await shot(page, `daily-plan-today-${lang}.png`);
  } finally {
    await browser.close();
  }
}

mkdirSync(outDir, { recursive: true });
const server = await startAppServer();
try {
  for (const { lang, locale } of languages) await takeFor(server, lang, locale);
} finally {
  await server.stop();
}
