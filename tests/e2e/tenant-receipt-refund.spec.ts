// After a tenant paid (issue 14): the payment's row in My apartment reads in the UI language (a ledger
// key, not English text), the receipt downloads as a PDF, the office refunds part of it from the
// payments list (once), and the tenant sees the refund in the history and saves its credit document as
// a PDF. Hebrew UI; axe-clean.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage, text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { TenantPage } from './pages/TenantPage';

const moshe = { companyCode: '1001', userName: 'moshe', password: 'demo1234' };
const miri = { companyCode: '1001', userName: 'miri', password: 'demo1234' };

describe('a receipt and a refund', () => {
  let app: TestApp;
  let state: ServerState;
  let tenant: TenantPage;
  let login: LoginPage;
  let receipt = 0;
  const ledger = (key: string, values: Record<string, string | number>) => text('he', 'ledger', key, values);

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    tenant = new TenantPage(app.page, app.baseUrl);
    login = new LoginPage(app.page, app.baseUrl);
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  const signInAs = (who: typeof moshe) => login.signInOn(app.server, who);
  const signOut = async () => {
    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.logout();
    await login.waitForForm();
  };

  it('shows the card payment in Hebrew in the history and downloads its receipt as a PDF', async () => {
    await signInAs(moshe);
    await tenant.approveTerms();
    await tenant.waitVisible(tenant.homeHeading());
    await tenant.payLink().click();
    await tenant.waitVisible(tenant.debt('pastCommittee'));
    await tenant.debt('pastCommittee').first().check();
    await tenant.newCardOption().check();
    await tenant.fillCard(testCards.success, '12/30', '123');
    await tenant.keep(false).check();
    await tenant.continueButton().click();
    await tenant.payButton().click();
    await tenant.waitVisible(tenant.paidHeading());
    receipt = state.row<{ n: number }>("SELECT MAX(receiptNumber) AS n FROM payments WHERE status = 'succeeded'")?.n ?? 0;

    await tenant.goto('/');
    await tenant.waitVisible(tenant.payments().filter({ hasText: ledger('text.cardPayment', { last4: '0000' }) }));
    const [download] = await Promise.all([app.page.waitForEvent('download'), tenant.button(ledger('downloadReceipt', { number: receipt })).click()]);
    expect(download.suggestedFilename()).toBe(`receipt-${receipt}.pdf`);
    const bytes = await readFile((await download.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await axeCheck(app.page);
    await signOut();
  });

  it('lets the manager refund part of it once from the payments list', async () => {
    await signInAs(miri);
    const buildingId = state.row<{ buildingId: number }>(`SELECT buildingId FROM payments WHERE receiptNumber = ${receipt}`)?.buildingId ?? 0;
    await tenant.goto(`/payments/${buildingId}`);
    const refundButton = tenant.button(text('he', 'collections', 'refund.open', { number: receipt }));
    await tenant.waitVisible(refundButton);
    await refundButton.click();
    const amount = app.page.getByRole('textbox', { name: text('he', 'collections', 'refund.amount') });
    await tenant.waitVisible(amount);
    await amount.fill('100');
    await axeCheck(app.page);
    await tenant.button(text('he', 'collections', 'refund.submit')).click();
    await tenant.waitVisible(app.page.getByRole('status').filter({ hasText: String(receipt) }));
    await tenant.waitVisible(app.page.getByText(text('he', 'collections', 'refunded', { amount: '' }).trim(), { exact: false }));
    expect(state.count("SELECT COUNT(*) AS n FROM payment_refunds WHERE status = 'succeeded' AND amountAgorot = 10000")).toBe(1);
    await signOut();
  });

  it('shows the refund in the tenant’s history and downloads its credit document as a PDF', async () => {
    await signInAs(moshe);
    await tenant.waitVisible(tenant.homeHeading());
    await tenant.waitVisible(tenant.payments().filter({ hasText: ledger('text.refund', { receipt, last4: '0000' }) }));
    await axeCheck(app.page);
    const credit = state.row<{ n: number }>("SELECT creditNumber AS n FROM payment_refunds WHERE status = 'succeeded' AND amountAgorot = 10000")?.n ?? 0;
    const [download] = await Promise.all([app.page.waitForEvent('download'), tenant.button(ledger('downloadCredit', { number: credit })).click()]);
    expect(download.suggestedFilename()).toBe(`credit-${credit}.pdf`);
    const bytes = await readFile((await download.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
