// The day offline holds every building the worker is assigned to, whatever today's plan says (issue 30):
// the page's clock is fixed to a date whose demo plan leaves out avi's current building (101), so the
// test passes on any calendar day. Taken offline, the current building's counters and the new-key form
// work without a connection; a take limited to today's plan leaves 101 out, and its screens say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { noonOf, planDateLeavingOut } from './fixtures/dailyPlan';
import type { PlanBuilding } from './fixtures/dailyPlan';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { DailyPlanPage } from './pages/DailyPlanPage';
import { DashboardPage } from './pages/DashboardPage';
import { ItemsPage } from './pages/ItemsPage';
import { LoginPage } from './pages/LoginPage';
import { MetersPage } from './pages/MetersPage';
import { ServiceCallPage } from './pages/ServiceCallPage';

const avi = { companyCode: '1001', userName: 'avi', password: 'demo1234' };
const CURRENT = 101;

describe('the day offline holds every building, whatever the plan of the day', () => {
  let app: TestApp;
  let state: ServerState;
  let planned: PlanBuilding[];
  let current: PlanBuilding;
  /** An open call of the current building with an update, as the server has them. */
  let history: { callId: string; update: string };

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    const day = await planDateLeavingOut(state, CURRENT);
    planned = day.plan;
    const { records } = await state.get<{ records: PlanBuilding[] }>('/api/binyan/buildings');
    current = records.find((b) => b.id === CURRENT) as PlanBuilding;
    for (const c of (await state.get<{ records: Array<{ id: string }> }>(`/api/binyan/service-calls?buildingId=${CURRENT}&tab=open`)).records) {
      const [update] = (await state.get<{ records: Array<{ text: string }> }>(`/api/binyan/service-calls/${c.id}/updates`)).records;
      if (update) {
        history = { callId: c.id, update: update.text };
        break;
      }
    }
    expect(history, 'an open call of the current building with an update').toBeDefined();
    // The device's calendar shows that day from the first page on; time flows from there.
    await app.context.clock.install({ time: noonOf(day.date) });
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it("takes every building offline when the plan leaves out the current one; its counters, the new-key form and a call's updates work offline", async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    const dashboard = new DashboardPage(app.page, app.baseUrl);
    const plan = new DailyPlanPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      avi,
      (since) => app.server.waitForOtp('avi', { since }),
      () => app.server.otpMark(),
    );
    // A field worker's home is the day's plan (app/homeRoute.ts).
    await dashboard.waitForRoute('dailyPlan');
    await dashboard.navigateTo('dashboard');
    await dashboard.waitVisible(dashboard.profileHeading(current.name));

    await plan.navigateTo('dailyPlan');
    await plan.expectBuildings(planned.map((b) => b.name));
    expect(planned.some((b) => b.id === CURRENT)).toBe(false);
    // The size before it downloads, and the default that takes every building of this worker.
    await plan.waitVisible(plan.estimate());
    await plan.expectChecked(plan.scopeChoice('all'), true);
    await axeCheck(app.page);
    await plan.takeDayOffline();
    await plan.waitVisible(plan.takenCount(4));
    await waitForServiceWorkerControl(app.page);
    await goOffline(app.context);

    const meters = new MetersPage(app.page, app.baseUrl);
    await meters.open(CURRENT);
    await meters.waitVisible(meters.main().getByRole('listitem').first());
    expect(await app.page.getByText(meters.t('list.loadFailed')).count()).toBe(0);
    expect(await meters.notTaken(current.name).count()).toBe(0);

    const keys = new ItemsPage(app.page, app.baseUrl, 'keys');
    await keys.openAdd();
    await keys.waitForCount(keys.apartmentOptions(), 1 + state.count('SELECT COUNT(*) AS n FROM apartments WHERE buildingId = ?', CURRENT));
    expect(await keys.notTaken(current.name).count()).toBe(0);

    // A call's history is on the phone: opened offline, the call shows its updates.
    const detail = new ServiceCallPage(app.page, app.baseUrl);
    await detail.open(history.callId);
    await detail.waitVisible(detail.update(history.update));
  });

  it("a take limited to today's plan leaves out a building outside it, whose screens then say so offline", async () => {
    const dashboard = new DashboardPage(app.page, app.baseUrl);
    const plan = new DailyPlanPage(app.page, app.baseUrl);
    const first = planned[0] as PlanBuilding;
    await goOnline(app.context);
    await dashboard.open();
    await dashboard.select(first.name);
    await plan.navigateTo('dailyPlan');
    await plan.takeDayOffline(60_000, 'plan');
    await plan.waitVisible(plan.takenCount(planned.length));
    await goOffline(app.context);

    const meters = new MetersPage(app.page, app.baseUrl);
    await meters.open(CURRENT);
    await meters.waitVisible(meters.notTaken(current.name));
    expect(await app.page.getByText(meters.t('list.loadFailed')).count()).toBe(0);
    await axeCheck(app.page);

    // A building the take kept works as before.
    await meters.open(first.id);
    await meters.waitVisible(meters.main().getByRole('listitem').first());
    expect(await meters.notTaken(first.name).count()).toBe(0);
  });
});
