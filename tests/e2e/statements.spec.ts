// Statements (issue 29 item 7), lean: the owner saves the yearly statement of his apartment as a PDF from
// the home and opens the half-yearly report to the owners; the committee member opens the building's
// statements, exports the year per apartment to CSV and the accountant's month. Hebrew UI; axe-clean.
// Only what the screens are and what the files hold is checked, never figures of the demo's dates.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { LoginPage } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { StatementsPage } from './pages/StatementsPage';
import { TenantPage } from './pages/TenantPage';

const moshe = { companyCode: '1001', userName: 'moshe', password: 'demo1234' };
const rina = { companyCode: '1001', userName: 'rina', password: 'demo1234' };

describe('statements', () => {
  let app: TestApp;
  let page: StatementsPage;
  let login: LoginPage;

  beforeAll(async () => {
    app = await startApp();
    page = new StatementsPage(app.page, app.baseUrl);
    login = new LoginPage(app.page, app.baseUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('gives the owner his yearly statement as a PDF and the half-yearly report', async () => {
    await login.signInOn(app.server, moshe);
    const tenant = new TenantPage(app.page, app.baseUrl);
    await tenant.approveTerms();
    await tenant.waitVisible(tenant.homeHeading());
    const pdf = await page.download(await page.waitVisible(page.yearlyStatementButton()));
    expect(pdf.suggestedFilename()).toMatch(/^statement-\d{4}-.+\.pdf$/);
    expect((await readFile((await pdf.path()) ?? '')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await axeCheck(app.page);

    await page.ownersReportLink().click();
    await page.waitForRoute('ownersReport');
    await page.waitVisible(page.ownersReportTitle());
    await page.waitVisible(page.reportFact('closing'));
    await axeCheck(app.page);
    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.logout();
    await login.waitForForm();
  });

  it('gives the committee the year per apartment as CSV and the accountant’s month', async () => {
    await login.signInOn(app.server, rina);
    await page.goto('/statements/101');
    await page.waitForRoute('statements');
    await page.waitVisible(page.yearTable());
    await axeCheck(app.page);
    const year = await readFile((await (await page.download(page.exportCsv())).path()) ?? '', 'utf8');
    expect(year.split('\r\n')[0]).toBe(
      `\uFEFF${[page.t('columns.apartment'), page.t('columns.openingAgorot'), page.t('columns.chargedAgorot'), page.t('columns.paidAgorot'), page.t('columns.refundedAgorot'), page.t('columns.bouncedAgorot'), page.t('columns.creditedAgorot'), page.t('columns.closingAgorot')].join(',')}`,
    );
    const month = await page.download(page.monthExport());
    expect(month.suggestedFilename()).toMatch(/^ledger-101-\d{4}-\d{2}\.csv$/);
    expect((await readFile((await month.path()) ?? '', 'utf8')).split('\r\n')[0]).toBe('\uFEFFid,kind,date,apartment,amount_agorot,reference,description');
  });
});
