// A check's own life (issue 29 §5): the worker's payment of two checks is confirmed (one dated in the
// past, one post-dated); the manager opens the building's checks from its card, sees only the one due
// for deposit, deposits it, finds it among all checks and marks it bounced after confirming — the
// server then holds exactly one reversing row for it. axe-clean.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import { CheckLifePage } from './pages/CheckLifePage';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage, text } from './pages/LoginPage';

const miri = { companyCode: '1001', userName: 'miri', password: 'demo1234' };
type Group = { ID: number; ChecksHeaderGuid: string; version: number; checks: { CheckGuid: string }[] };

describe('a check’s own life', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('deposits the check that is due and marks it bounced, once', async () => {
    const state = openServerState(app.server);
    const group = (await state.get<{ records: Group[] }>('/api/binyan/check/toFill')).records.find((g) => g.ID === 5003);
    const [due] = group?.checks ?? [];
    if (!group || !due) throw new Error('the seed has no payment 5003');
    state.setCheckDepositDate(due.CheckGuid, '2020-01-15');
    await state.send('PUT', '/api/binyan/check/submitChecksHeader', { ChecksHeaderGuid: group.ChecksHeaderGuid, baseVersion: group.version, SendAnyway: true });
    const mark = app.server.depositMark();
    await state.send('POST', '/api/binyan/check/deposit/start', { ChecksHeaderGuid: group.ChecksHeaderGuid });
    const code = await app.server.waitForDepositCode('avi', { since: mark });
    await state.send('POST', '/api/binyan/check/deposit/confirm', { ChecksHeaderGuid: group.ChecksHeaderGuid, code });

    await new LoginPage(app.page, app.baseUrl).signInOn(app.server, miri);
    const dashboard = new DashboardPage(app.page, app.baseUrl);
    await dashboard.waitForRoute('dashboard');
    const building = state.row<{ name: string }>('SELECT name FROM buildings WHERE id = 101')?.name ?? '';
    await dashboard.select(building);
    await dashboard
      .quickLinks(building)
      .getByRole('link', { name: text('he', 'routes', 'checkLife') })
      .click();
    const page = new CheckLifePage(app.page, app.baseUrl);
    await page.waitForRoute('checkLife');
    await page.waitForCount(page.checks(), 1);
    await axeCheck(app.page);

    await page.action('deposit').click();
    await page.waitVisible(page.none());
    await page.view().selectOption('all');
    await page.waitForCount(page.checks(), 2);
    await page.action('bounce').click();
    await page.confirmBounce().click();
    await page.expectText(page.checks().first(), new RegExp(page.t('statuses.bounced')));
    await page.waitForCount(page.action('bounce'), 0);
    await axeCheck(app.page);
    await state.until('one reversing row', () =>
      state.count("SELECT COUNT(*) AS n FROM ledger_entries WHERE sourceKind = 'checkBounce' AND sourceId = ?", due.CheckGuid) === 1 ? true : undefined,
    );
    state.close();
  });
});
