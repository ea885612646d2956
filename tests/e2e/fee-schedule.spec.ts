// The committee fee schedule (issue 29): the manager opens it from the building's card, sees that nothing
// is billed yet, is refused an amount that is not one (in Hebrew, keeping what she typed), saves a fee by
// area every two months on the 31st, and sees the change in the kept history. axe-clean.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import { DashboardPage } from './pages/DashboardPage';
import { FeeSchedulePage } from './pages/FeeSchedulePage';
import { LoginPage, text } from './pages/LoginPage';

const miri = { companyCode: '1001', userName: 'miri', password: 'demo1234' };

describe('the committee fee schedule', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('saves a change of the fee from the building’s card', async () => {
    await new LoginPage(app.page, app.baseUrl).signInOn(app.server, miri);
    const dashboard = new DashboardPage(app.page, app.baseUrl);
    await dashboard.waitForRoute('dashboard');
    const state = openServerState(app.server);
    const building = state.row<{ name: string }>('SELECT name FROM buildings WHERE id = 101')?.name ?? '';
    state.close();
    await dashboard.select(building);
    await dashboard
      .quickLinks(building)
      .getByRole('link', { name: text('he', 'routes', 'feeSchedule') })
      .click();
    const page = new FeeSchedulePage(app.page, app.baseUrl);
    await page.waitForRoute('feeSchedule');
    await page.waitVisible(page.none());
    await axeCheck(app.page);

    await page.basis('area').check();
    await page.rate('area').fill('3,5');
    await page.frequency('bimonthly').check();
    await page.billingDay().fill('31');
    await page.save().click();
    await page.waitVisible(page.rate('area').and(app.page.locator('[aria-invalid="true"]')));
    await page.expectValue(page.rate('area'), '3,5');

    await page.rate('area').fill('3.5');
    await page.save().click();
    await page.waitVisible(page.saved());
    await page.waitForCount(page.history(), 1);
    await page.expectText(page.history().first(), new RegExp(page.t('bases.area').replace(/[()]/g, '\\$&')));
    await axeCheck(app.page);
  });
});
