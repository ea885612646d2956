// A tenant pays in English (issue 14: "in Hebrew and English, axe-clean"): picks English on the login
// page, signs in, and reads My apartment left to right with the debts by kind; reviews a payment of the
// special charge with the clearing fee, VAT and total in shekels as English writes them; pays with a test
// card and opens the receipt, all in English. The Hebrew run is tenant-pay.spec.ts.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards';
import { quoteCardPayment } from '../../src/lib/clearingFee';
import type { ClearingFeeSettings, PaymentQuote } from '../../src/lib/clearingFee';
import { toLocalDateString } from '../../src/lib/dates';
import { formatNis } from '../../src/lib/money';
import { vatRateOn } from '../../src/lib/vat';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage } from './pages/LoginPage';
import { TenantPage } from './pages/TenantPage';

const moshe = { companyCode: '1001', userName: 'moshe', password: 'demo1234' };
const english = { lang: 'en', dir: 'ltr' };
/** Any Hebrew letter: labels of an English screen must have none (only typed data may be Hebrew). */
const hebrew = /[\u0590-\u05FF]/;
const nis = (agorot: number) => formatNis(agorot / 100, 'en');

describe('a tenant pays by card in English', () => {
  let app: TestApp;
  let state: ServerState;
  let tenant: TenantPage;
  let quote: PaymentQuote;
  let specialCharge: Locator;
  let receiptNumber = 0;

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    tenant = new TenantPage(app.page, app.baseUrl);
    tenant.lang = 'en';
    // What the review must show for the special charge, by the building's own settings and today's VAT.
    const settings = state.row<ClearingFeeSettings & { amountAgorot: number; description: string }>(
      `SELECT s.fixedAgorot, s.percentBasisPoints, s.vat, s.foreignCardFixedAgorot, s.dinersAmexPercentBasisPoints, l.amountAgorot, l.description
       FROM users u JOIN contacts c ON c.id = u.contactId JOIN apartments a ON a.id = c.apartmentId
       JOIN billing_settings s ON s.buildingId = a.buildingId
       JOIN ledger_entries l ON l.apartmentId = a.id AND l.kind = 'charge' AND l.debtKind = 'special' AND l.sourceKind = 'demoTenantCharge'
       WHERE u.userName = 'moshe'`,
    );
    if (!settings) throw new Error('the demo tenant owes a special charge in a building taking cards');
    // Its checkbox: the kind in English, then the description as the office typed it.
    specialCharge = app.page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(`${tenant.t('debtKinds.special')}: ${settings.description}`)}`) });
    quote = quoteCardPayment([settings.amountAgorot], 'local', settings, vatRateOn(toLocalDateString(new Date())));
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  /** The value of a fact (a <dt> and its <dd>) of the review or the receipt. */
  const fact = (label: string): Locator =>
    app.page
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) })
      .locator('xpath=following-sibling::dd[1]');

  it('picks English on the login page, signs in, and reads My apartment left to right with the debts by kind', async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.waitForForm();
    await app.page.getByRole('radio', { name: 'English' }).check();
    login.lang = 'en';
    await login.waitVisible(login.loginHeading());
    await login.expectDocumentDirection(english);
    await login.signIn(
      moshe,
      (since) => app.server.waitForOtp('moshe', { since }),
      () => app.server.otpMark(),
    );
    await login.waitSignedIn();
    await tenant.approveTerms();
    await tenant.waitVisible(tenant.homeHeading());
    await tenant.expectDocumentDirection(english);
    for (const group of ['past', 'committee', 'special']) await tenant.waitVisible(tenant.heading(tenant.t(`debtGroups.${group}`), 3));
    // The demo's past fee fell due two months before the seed: aged on the device, it says so.
    await tenant.waitVisible(tenant.debtAgeIn('past', 'pastDue').first());
    await tenant.waitVisible(tenant.heading(tenant.t('home.debts'), 2));
    await tenant.waitVisible(tenant.heading(tenant.t('home.history'), 2));
    await tenant.waitVisible(app.page.getByText(tenant.t('home.balance'), { exact: true }));
    await tenant.expectText(tenant.page.getByTestId('balance'), /^₪[\d,]+\.\d{2}$/);
    await tenant.expectText(tenant.fetchedAt(), new RegExp(`^${tenant.t('home.fetchedAt', { when: '' })}\\d{2}/\\d{2}/\\d{4}`));
    await tenant.waitVisible(app.page.getByText(new RegExp(`^${tenant.t('dueOn', { date: '' })}\\d{2}/\\d{2}/\\d{4}$`)));
    await axeCheck(app.page);
  });

  it('reviews the special charge with the clearing fee, VAT and total in shekels, in English', async () => {
    await tenant.payLink().click();
    await tenant.waitVisible(tenant.heading(tenant.t('pay.title'), 1));
    await tenant.waitVisible(specialCharge);
    await specialCharge.check();
    await tenant.newCardOption().check();
    await tenant.fillCard(testCards.success, '12/30', '123');
    await tenant.keep(false).check();
    await tenant.continueButton().click();
    await tenant.waitVisible(tenant.payButton());
    await tenant.expectText(fact(tenant.t('pay.debtsTotal')), nis(quote.subtotal));
    await tenant.expectText(fact(tenant.t('pay.fee')), nis(quote.feeNet));
    await tenant.expectText(fact(tenant.t('pay.vat', { rate: vatRateOn(toLocalDateString(new Date())) / 100 })), nis(quote.feeVat));
    await tenant.expectText(fact(tenant.t('pay.total')), nis(quote.total));
    await tenant.waitVisible(tenant.button(tenant.t('pay.confirm', { total: nis(quote.total) })));
    const review = app.page.getByRole('definition').first().locator('xpath=ancestor::div[1]');
    expect(await review.innerText()).not.toMatch(hebrew);
    await tenant.expectDocumentDirection(english);
    await axeCheck(app.page);
  });

  it('pays with the test card and opens the receipt in English', async () => {
    const before = state.count('SELECT COUNT(*) AS n FROM provider_charges');
    await tenant.payButton().click();
    await tenant.waitVisible(tenant.paidHeading());
    const payment = state.row<{ receiptNumber: number; totalAgorot: number }>(
      "SELECT receiptNumber, totalAgorot FROM payments WHERE status = 'succeeded' ORDER BY createdAt DESC LIMIT 1",
    );
    receiptNumber = payment?.receiptNumber ?? 0;
    expect(payment?.totalAgorot).toBe(quote.total);
    expect(state.count('SELECT COUNT(*) AS n FROM provider_charges')).toBe(before + 1);
    await tenant.waitVisible(app.page.getByText(tenant.t('pay.paidText', { total: nis(quote.total), number: receiptNumber }), { exact: true }));
    await axeCheck(app.page);

    await tenant.link(tenant.t('home.receipt', { number: receiptNumber })).click();
    await tenant.waitVisible(tenant.receiptHeading(receiptNumber));
    await tenant.expectDocumentDirection(english);
    for (const label of ['receipt.date', 'receipt.payer', 'receipt.method'])
      await tenant.waitVisible(app.page.getByRole('term').filter({ hasText: tenant.t(label) }));
    await tenant.expectText(fact(tenant.t('receipt.method')), tenant.t('methods.card', { last4: '0000' }));
    await tenant.expectText(fact(tenant.t('pay.fee')), nis(quote.feeNet));
    await tenant.expectText(fact(tenant.t('pay.total')), nis(quote.total));
    await tenant.waitVisible(app.page.getByRole('term').filter({ hasText: new RegExp(`^${tenant.t('debtKinds.special')}: `) }));
    await tenant.waitVisible(tenant.heading(tenant.t('receipt.lines'), 2));
    await tenant.waitVisible(tenant.button(tenant.t('receipt.print')));
    await tenant.waitVisible(tenant.link(tenant.t('pay.home')));
    await axeCheck(app.page);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
