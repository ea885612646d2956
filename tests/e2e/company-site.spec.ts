// A start-up link carrying the management company's customised site (issue 17, spec 2): staff list the
// company's sites (English); a link naming a listed site offers continuing in the app or on the site,
// remembered on the device and changed on the profile; an unlisted or non-https site is ignored with no
// redirect. A renter follows the site in Hebrew, right to left.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanySite } from '../../server/src/seed/data';
import { startAppServer } from './fixtures/appServer';
import type { AppServer } from './fixtures/appServer';
import { axeCheck, launchBrowser } from './fixtures/browser';
import { CompanySitesPage } from './pages/CompanySitesPage';
import { LoginPage, text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';

const portal = 'https://portal.binyan-demo.co.il';
let server: AppServer;

async function signIn(page: Page, userName: string): Promise<void> {
  const login = new LoginPage(page, server.baseUrl);
  await login.goto('/login');
  await login.signIn(
    { companyCode: '1001', userName, password: 'demo1234' },
    (since) => server.waitForOtp(userName, { since }),
    () => server.otpMark(),
  );
}

/** The company's sites answer with a page of their own instead of the internet. */
async function fakeSites(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname.endsWith('binyan-demo.co.il'),
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><html lang="en"><title>Company site</title><h1>Company site</h1></html>',
      }),
  );
}

beforeAll(async () => {
  server = await startAppServer();
});
afterAll(async () => server?.stop());

describe('continuing in the app or on the company’s site', () => {
  it('lets staff list an https site, offers it from a link, remembers the choice and ignores other sites (English)', async () => {
    const browser = await launchBrowser();
    try {
      const { page } = browser;
      await fakeSites(page);
      await signIn(page, 'miri');
      const profile = new ProfilePage(page, server.baseUrl);
      await profile.waitForRoute('dashboard');
      await profile.navigateTo('userProfile');
      await profile.switchLanguage('en');

      const sites = new CompanySitesPage(page, server.baseUrl);
      sites.lang = 'en';
      await sites.navigateTo('companySites');
      await sites.waitVisible(sites.siteList().getByText(demoCompanySite, { exact: true }));
      await sites.add('http://portal.binyan-demo.co.il');
      await sites.waitVisible(page.getByText(text('en', 'errors', 'invalidSiteUrl')));
      await sites.expectValue(sites.addressField(), 'http://portal.binyan-demo.co.il');
      await sites.add(`${portal}/`);
      await sites.waitVisible(sites.siteList().getByText(portal, { exact: true }));
      await sites.expectValue(sites.addressField(), '');
      expect(await axeCheck(page)).toBeDefined();

      // Unlisted, or listed but not https: no offer, no redirect, the app opens as usual.
      for (const other of ['https://evil.example/binyan', 'http://portal.binyan-demo.co.il']) {
        await sites.openFromSite(other);
        await sites.waitForRoute('dashboard');
        expect(await sites.offer().count(), other).toBe(0);
        expect(new URL(page.url()).origin).toBe(new URL(server.baseUrl).origin);
        expect(new URL(page.url()).search).toBe('');
      }

      // A listed site: the offer; "continue in the app" is remembered.
      await sites.openFromSite(`${portal}/?from=newsletter`);
      await sites.waitVisible(sites.offer());
      await sites.waitVisible(sites.offer().getByText(portal, { exact: true }));
      expect(new URL(page.url()).search).toBe('');
      expect(await axeCheck(page)).toBeDefined();
      await sites
        .offer()
        .getByRole('button', { name: sites.t('offer.stayInApp') })
        .click();
      await sites.offer().waitFor({ state: 'hidden' });
      await sites.openFromSite(portal);
      await sites.waitForRoute('dashboard');
      expect(await sites.offer().count()).toBe(0);

      // Changed on the profile: the next link goes straight to the site.
      profile.lang = 'en';
      await profile.goto('/user-profile');
      await profile.waitForRoute('userProfile');
      const choice = sites.profileChoice('portal.binyan-demo.co.il');
      await sites.expectValue(choice, 'app');
      expect(await axeCheck(page)).toBeDefined();
      await choice.selectOption('site');
      await sites.openFromSite(portal);
      await page.waitForURL((url) => url.origin === portal);
      await sites.waitVisible(page.getByRole('heading', { name: 'Company site' }));
    } finally {
      await browser.close();
    }
  });

  it('offers a renter who followed the link before signing in her company’s site, and takes her there (Hebrew)', async () => {
    const browser = await launchBrowser();
    try {
      const { page } = browser;
      await fakeSites(page);
      const sites = new CompanySitesPage(page, server.baseUrl);
      // Signed out: the link leads to sign-in, and the site waits until the user is in.
      await sites.goto(`/?site=${encodeURIComponent(demoCompanySite)}`);
      await sites.expectPath('/login');
      expect(new URL(page.url()).search).toBe('');
      await signIn(page, 'tali');
      await sites.approveTerms();
      await sites.waitVisible(sites.offer());
      await sites.expectDocumentDirection({ lang: 'he', dir: 'rtl' });
      await sites.waitVisible(sites.offer().getByText(sites.t('offer.message', { host: 'www.binyan-demo.co.il' })));
      expect(await axeCheck(page)).toBeDefined();
      // Not remembered this time: the next link asks again.
      await sites
        .offer()
        .getByRole('checkbox', { name: sites.t('offer.remember') })
        .uncheck();
      await sites
        .offer()
        .getByRole('button', { name: sites.t('offer.goToSite', { host: 'www.binyan-demo.co.il' }) })
        .click();
      await page.waitForURL((url) => url.href === demoCompanySite);
      await sites.openFromSite(demoCompanySite);
      await sites.waitVisible(sites.offer());
    } finally {
      await browser.close();
    }
  });
});
