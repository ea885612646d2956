// A building's billing settings and legal proceedings (issue 14): the manager opens the settings from the
// building's card, sees what ₪100 costs a tenant by each kind of card change as she types, is refused a
// percent out of bounds (in Hebrew, keeping what she typed), saves; then puts the tenant's apartment in
// legal proceedings, and the tenant's card payment is refused. The settings screen in English too.
// axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards';
import { quoteCardPayment } from '../../src/lib/clearingFee';
import type { ClearingFeeSettings } from '../../src/lib/clearingFee';
import { toLocalDateString } from '../../src/lib/dates';
import { vatRateOn } from '../../src/lib/vat';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { BillingSettingsPage } from './pages/BillingSettingsPage';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage, text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { TenantPage } from './pages/TenantPage';

const miri = { companyCode: '1001', userName: 'miri', password: 'demo1234' };
const moshe = { companyCode: '1001', userName: 'moshe', password: 'demo1234' };
const REASON = 'תביעה משפטית על חוב ועד';

/** What the example shows for ₪100 by a card: the total, as digits (the currency sign's place differs by language). */
const totalOf = (settings: ClearingFeeSettings, kind: 'local' | 'foreign' | 'amex') =>
  (quoteCardPayment([10_000], kind, settings, vatRateOn(toLocalDateString(new Date()))).total / 100).toFixed(2);

describe('billing settings and legal proceedings', () => {
  let app: TestApp;
  let state: ServerState;
  let login: LoginPage;
  let page: BillingSettingsPage;
  let home: { buildingId: number; buildingName: string; apartmentId: string; number: string };

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    login = new LoginPage(app.page, app.baseUrl);
    page = new BillingSettingsPage(app.page, app.baseUrl);
    const row = state.row<{ buildingId: number; buildingName: string; apartmentId: string; number: string }>(
      "SELECT b.id AS buildingId, b.name AS buildingName, a.id AS apartmentId, a.number AS number FROM users u JOIN contacts c ON c.id = u.contactId JOIN apartments a ON a.id = c.apartmentId JOIN buildings b ON b.id = a.buildingId WHERE u.userName = 'moshe'",
    );
    if (!row) throw new Error('the demo tenant has an apartment');
    home = row;
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  const signInAs = (who: typeof miri) => login.signInOn(app.server, who);
  const signOut = async (lang = 'he') => {
    const profile = new ProfilePage(app.page, app.baseUrl);
    profile.lang = lang;
    await profile.navigateTo('userProfile');
    await profile.logout();
    await login.waitForForm();
  };
  const seeded: ClearingFeeSettings = {
    fixedAgorot: 150,
    percentBasisPoints: 120,
    vat: 'added',
    foreignCardFixedAgorot: 500,
    dinersAmexPercentBasisPoints: 250,
  };
  const changed: ClearingFeeSettings = { ...seeded, fixedAgorot: 300, percentBasisPoints: 200 };

  it('edits the fees in Hebrew with a live example, refuses a bad percent keeping what was typed, and saves', async () => {
    await signInAs(miri);
    const dashboard = new DashboardPage(app.page, app.baseUrl);
    await dashboard.waitForRoute('dashboard');
    await dashboard.select(home.buildingName);
    await dashboard
      .quickLinks(home.buildingName)
      .getByRole('link', { name: text('he', 'routes', 'billingSettings') })
      .click();
    await page.waitForRoute('billingSettings');
    await page.waitVisible(page.save());
    await page.expectValue(page.field('fixedAgorot'), '1.5');
    await page.waitVisible(page.example('local').filter({ hasText: totalOf(seeded, 'local') }));
    await page.waitVisible(page.example('foreign').filter({ hasText: totalOf(seeded, 'foreign') }));
    await page.waitVisible(page.example('amex').filter({ hasText: totalOf(seeded, 'amex') }));
    await axeCheck(app.page);

    await page.field('fixedAgorot').fill('3');
    await page.field('percentBasisPoints').fill('25');
    await page.waitVisible(app.page.getByText(page.t('example.fixValues')));
    await page.save().click();
    await page.waitVisible(app.page.getByText(text('he', 'errors', 'percentOutOfRange', { min: 0, max: 10 })));
    await page.expectValue(page.field('percentBasisPoints'), '25');
    await page.expectValue(page.field('fixedAgorot'), '3');
    await axeCheck(app.page);
    expect(
      state.row<{ percentBasisPoints: number }>('SELECT percentBasisPoints FROM billing_settings WHERE buildingId = ?', home.buildingId)?.percentBasisPoints,
    ).toBe(120);

    await page.field('percentBasisPoints').fill('2');
    await page.waitVisible(page.example('local').filter({ hasText: totalOf(changed, 'local') }));
    await page.save().click();
    await page.waitVisible(page.saved());
    expect(state.row('SELECT fixedAgorot, percentBasisPoints, version FROM billing_settings WHERE buildingId = ?', home.buildingId)).toEqual({
      fixedAgorot: 300,
      percentBasisPoints: 200,
      version: 2,
    });
  });

  it('puts the tenant’s apartment in legal proceedings from the apartments list', async () => {
    await page.goto('/apartments');
    await page.waitForRoute('apartments');
    const title = text('he', 'buildings', 'apartments.title', { number: home.number });
    const hold = page.hold(title);
    await page.waitVisible(hold);
    await hold.getByRole('button', { name: page.t('hold.set') }).click();
    await hold.getByRole('button', { name: page.t('hold.save') }).click();
    await page.waitVisible(hold.getByText(text('he', 'errors', 'requiredField')));
    await hold.getByRole('textbox', { name: page.t('hold.reason') }).fill(REASON);
    await hold.getByRole('button', { name: page.t('hold.save') }).click();
    await page.waitVisible(hold.getByRole('status').filter({ hasText: page.t('hold.didSet', { number: home.number }) }));
    await page.waitVisible(hold.getByText(page.t('hold.held')));
    await page.waitVisible(hold.getByText(REASON));
    await page.waitVisible(hold.getByText(page.t('hold.by', { name: 'מירי אברהם', date: '' }).trim(), { exact: false }));
    await axeCheck(app.page);
    expect(state.row<{ reason: string }>('SELECT reason FROM apartment_holds WHERE apartmentId = ?', home.apartmentId)?.reason).toBe(REASON);
    await signOut();
  });

  it('refuses the tenant’s card payment for the held apartment', async () => {
    const tenant = new TenantPage(app.page, app.baseUrl);
    await signInAs(moshe);
    await tenant.approveTerms();
    await tenant.waitVisible(tenant.homeHeading());
    await tenant.waitVisible(app.page.getByText(text('he', 'errors', 'unitInLegalProceedings')));
    expect(await app.page.getByText(REASON).count()).toBe(0);
    await tenant.payLink().click();
    await tenant.waitVisible(tenant.debt('pastCommittee'));
    await tenant.debt('pastCommittee').first().check();
    await tenant.newCardOption().check();
    await tenant.fillCard(testCards.success, '12/30', '123');
    await tenant.keep(false).check();
    await tenant.continueButton().click();
    await tenant.waitVisible(app.page.getByRole('alert').filter({ hasText: text('he', 'errors', 'unitInLegalProceedings') }));
    expect(state.count('SELECT COUNT(*) AS n FROM provider_charges')).toBe(0);
    await axeCheck(app.page);
    await signOut();
  });

  it('shows the settings screen in English, with the example and a translated refusal', async () => {
    await signInAs(miri);
    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.switchLanguage('en');
    page.lang = 'en';
    await page.goto(`/billing-settings/${home.buildingId}`);
    await page.waitForRoute('billingSettings');
    await page.waitVisible(page.save());
    await page.expectValue(page.field('percentBasisPoints'), '2');
    await page.waitVisible(page.example('local').filter({ hasText: totalOf(changed, 'local') }));
    await page.vat('included').check();
    await page.waitVisible(page.example('local').filter({ hasText: totalOf({ ...changed, vat: 'included' }, 'local') }));
    await page.field('dinersAmexPercentBasisPoints').fill('12.5');
    await page.save().click();
    await page.waitVisible(app.page.getByText(text('en', 'errors', 'percentOutOfRange', { min: 0, max: 10 })));
    await page.expectValue(page.field('dinersAmexPercentBasisPoints'), '12.5');
    await axeCheck(app.page);

    // Offline the form stays as typed and explains why it cannot be saved; nothing is queued.
    await goOffline(app.context);
    await page.waitVisible(app.page.getByText(page.t('saveNeedsConnection')));
    expect(await page.save().isDisabled()).toBe(true);
    await page.expectValue(page.field('dinersAmexPercentBasisPoints'), '12.5');
    await goOnline(app.context);
    await page.field('dinersAmexPercentBasisPoints').fill('3');
    await page.save().click();
    await page.waitVisible(page.saved());
    expect(state.row('SELECT vat, dinersAmexPercentBasisPoints, version FROM billing_settings WHERE buildingId = ?', home.buildingId)).toEqual({
      vat: 'included',
      dinersAmexPercentBasisPoints: 300,
      version: 3,
    });
  });
});
