// Screenshots of the tenant's screens (My apartment, paying by card, the receipt) and the staff quick
// charge, in Hebrew and English at 390×844: `npx tsx scripts/screenshots-tenant.ts` (uses dist/).
import { testCards } from '../src/lib/cards';
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { AddMoneyPage } from '../tests/e2e/pages/AddMoneyPage';
import { LoginPage } from '../tests/e2e/pages/LoginPage';
import { TenantPage } from '../tests/e2e/pages/TenantPage';
import { isMain } from './paths';
import type { Lang, Session } from './screenshots/session';
import { inBrowser, languages, withServer } from './screenshots/session';

async function signInAs(session: Session, lang: Lang, userName: string): Promise<void> {
  const login = new LoginPage(session.page, session.server.baseUrl);
  await login.goto('/login');
  await login.waitForForm();
  if (lang === 'en') {
    await session.page.getByRole('radio', { name: 'English' }).check();
    login.lang = 'en';
    await login.waitForForm();
  }
  await login.signIn(
    { companyCode: '1001', userName, password: 'demo1234' },
    (since) => session.server.waitForOtp(userName, { since }),
    () => session.server.otpMark(),
  );
}

/** One language on a fresh demo server (a payment changes the debts the next one would show). */
async function takeIn(server: AppServer, lang: Lang): Promise<void> {
  {
    await inBrowser(server, lang, async (session) => {
      const { page, shot } = session;
      const tenant = new TenantPage(page, server.baseUrl);
      tenant.lang = lang;
      await signInAs(session, lang, 'moshe');
      await tenant.waitVisible(tenant.homeHeading());
      await tenant.waitVisible(tenant.payLink());
      await shot(`tenant-home-${lang}.png`);
      await tenant.payLink().click();
      await tenant.debt('pastCommittee').first().check();
      await tenant.debt('special').first().check();
      await tenant.newCardOption().check();
      await tenant.fillCard(testCards.success, '12/30', '123');
      await tenant.keep(lang === 'he').check();
      await tenant.continueButton().click();
      await tenant.waitVisible(tenant.payButton());
      await shot(`tenant-pay-review-${lang}.png`, { top: true });
      await tenant.payButton().click();
      await tenant.waitVisible(tenant.paidHeading());
      await page.getByRole('link', { name: new RegExp(tenant.t('home.receipt', { number: '' }).trim()) }).click();
      await tenant.waitVisible(page.getByRole('button', { name: tenant.t('receipt.print') }));
      await shot(`tenant-receipt-${lang}.png`, { top: true });
    });
    await inBrowser(server, lang, async (session) => {
      const charges = new AddMoneyPage(session.page, server.baseUrl);
      charges.lang = lang;
      await signInAs(session, lang, 'miri');
      await charges.waitForRoute('dashboard');
      await charges.goto('/add-money/101');
      await charges.waitForRoute('addMoney');
      await session.page.getByRole('option', { name: charges.t('apartmentOption', { number: 3 }), exact: true }).waitFor({ state: 'attached' });
      await charges.choose('apartment', charges.t('allApartments'));
      await charges.fill(lang === 'he' ? 'ביטוח מבנה שנתי' : 'Yearly building insurance', '80', '31/12/2026');
      await session.shot(`staff-quick-charge-${lang}.png`);
    });
  }
}

export async function takeTenant(): Promise<void> {
  for (const lang of languages) await withServer((server) => takeIn(server, lang));
}

if (isMain(import.meta.url)) await takeTenant();
