// The front desk reaches residents (issue 31 item 5), lean: a parcel registered for the owner's apartment
// waits on his "waiting at the desk"; he pre-approves a visitor for today, who is on the desk's list of
// the day, let in with one tap and logged as pre-approved (once, on the server). The page's clock is
// fixed; nothing sleeps. axe-clean, Hebrew (RTL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { DeskPage } from './pages/DeskPage';
import { LoginPage } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';

const moshe = { companyCode: '1001', userName: 'moshe', password: 'demo1234' };
const miri = { companyCode: '1001', userName: 'miri', password: 'demo1234' };
const VISITOR = 'דנה המובילה';
const TRACKING = 'RR123456789IL';

describe('the front desk reaches residents', () => {
  let app: TestApp;
  let state: ServerState;

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    await app.page.clock.setFixedTime(new Date());
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('shows a parcel waiting to the tenant, whose pre-approved visitor the desk lets in that day', async () => {
    const home = state.row<{ apartmentId: string }>(
      "SELECT c.apartmentId FROM users u JOIN contacts c ON c.id = u.contactId WHERE u.userName = 'moshe' AND u.companyId = 1001",
    );
    if (!home) throw new Error('the demo owner has an apartment');
    await state.send('POST', '/api/binyan/mail-items', {
      id: crypto.randomUUID(),
      buildingId: 101,
      apartmentId: home.apartmentId,
      contactId: null,
      kind: 'parcel',
      trackingNumber: TRACKING,
      description: '',
    });

    const login = new LoginPage(app.page, app.baseUrl);
    const desk = new DeskPage(app.page, app.baseUrl);
    await login.signInOn(app.server, moshe);
    await desk.approveTerms();
    await desk.goto('/desk');
    await desk.waitForRoute('tenantDesk');
    await desk.waitVisible(desk.waitingItem(`${desk.t('kind.parcel')} · ${TRACKING}`));
    await desk.approveVisitor(VISITOR, 'מביאה ספה');
    await desk.waitVisible(desk.approvedVisitor(VISITOR).getByText(desk.t('visitors.today')));
    await axeCheck(app.page);
    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.logout();
    await login.waitForForm();

    await login.signInOn(app.server, miri);
    await desk.navigateTo('reception');
    const expected = desk.expectedVisitor(VISITOR);
    await desk.waitVisible(expected);
    await expected.getByRole('button', { name: desk.r('expected.letInOf', { name: VISITOR }) }).click();
    await desk.waitVisible(desk.loggedVisitor(VISITOR).getByText(desk.r('visitors.preApproved')));
    await desk.waitVisible(expected.getByText(desk.r('expected.inside')));
    await axeCheck(app.page);
    await state.until('the visitor let in on the server', () =>
      state.count('SELECT COUNT(*) FROM visitor_passes WHERE name = ? AND visitorId IS NOT NULL', VISITOR) === 1 ? true : undefined,
    );
    expect(state.count('SELECT COUNT(*) FROM visitors WHERE name = ? AND passId IS NOT NULL', VISITOR)).toBe(1);
  });
});
