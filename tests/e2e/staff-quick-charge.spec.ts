// Staff quick charge (/add-money, issue 14): the office charges a tenant's apartment with no signal;
// the charge waits on the device and reaches the ledger once when the connection returns, as a debt of
// that apartment. English UI this time (LTR); axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Apartment, Building } from '../../src/lib/domain/entities';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { AddMoneyPage } from './pages/AddMoneyPage';
import { LoginPage, text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';

const miri = { companyCode: '1001', userName: 'miri', password: 'demo1234' };
const DESCRIPTION = 'Lobby door repair';

describe('a quick charge made offline', () => {
  let app: TestApp;
  let state: ServerState;
  let page: AddMoneyPage;
  const posted = () => state.count("SELECT COUNT(*) AS n FROM ledger_entries WHERE sourceKind = 'quickCharge' AND description = ?", DESCRIPTION);

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    page = new AddMoneyPage(app.page, app.baseUrl);
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('charges the tenant’s apartment while offline and posts it once after reconnecting', async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      miri,
      (since) => app.server.waitForOtp('miri', { since }),
      () => app.server.otpMark(),
    );
    await page.waitForRoute('dashboard');
    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.switchLanguage('en');
    page.lang = 'en';
    await page.navigateTo('addMoney');
    await waitForServiceWorkerControl(app.page);

    const apartmentId = state.row<{ apartmentId: string }>(
      "SELECT c.apartmentId FROM users u JOIN contacts c ON c.id = u.contactId WHERE u.userName = 'moshe'",
    )?.apartmentId;
    const building = (await state.get<{ records: Building[] }>('/api/binyan/buildings')).records.find((b) => b.id === 101) as Building;
    const apartment = (await state.get<{ records: Apartment[] }>('/api/binyan/buildings/101/apartments')).records.find(
      (a) => a.id === apartmentId,
    ) as Apartment;
    await page.choose('building', building.name);
    await page.waitForCount(app.page.getByRole('option', { name: page.t('apartmentOption', { number: apartment.number }), exact: true }), 1);
    await page.choose('apartment', page.t('apartmentOption', { number: apartment.number }));
    await page.reason('other').check();
    await page.fill(DESCRIPTION, '0', '31/12/2026');
    await page.save().click();
    // The shared rule refuses it on the device; nothing typed is lost.
    await page.waitVisible(app.page.getByText('Invalid amount'));
    await page.expectValue(page.textbox(page.t('description')), DESCRIPTION);
    await axeCheck(app.page);

    await goOffline(app.context);
    await page.textbox(page.t('amount')).fill('95.5');
    await page.save().click();
    await page.waitVisible(app.page.getByText(page.t('savedOnDevice')));
    await page.waitForCount(page.sent(), 1);
    expect(posted()).toBe(0);

    await goOnline(app.context);
    await state.until('the charge in the ledger', () => (posted() === 1 ? true : undefined));
    const row = state.row<{ apartmentId: string; amountAgorot: number; debtKind: string; dueDate: string }>(
      'SELECT apartmentId, amountAgorot, debtKind, dueDate FROM ledger_entries WHERE description = ?',
      DESCRIPTION,
    );
    expect(row).toEqual({ apartmentId, amountAgorot: 9550, debtKind: 'special', dueDate: '2026-12-31' });
    await axeCheck(app.page);
  });

  it('shows the office a building’s tenant payments (none yet in a fresh demo)', async () => {
    await page.navigateTo('buildingPayments');
    await page.page
      .getByLabel(text('en', 'collections', 'building'), { exact: true })
      .selectOption({ label: (await state.get<{ records: Building[] }>('/api/binyan/buildings')).records.find((b) => b.id === 101)?.name ?? '' });
    await page.waitVisible(app.page.getByText(text('en', 'collections', 'none')));
    await axeCheck(app.page);
  });
});
