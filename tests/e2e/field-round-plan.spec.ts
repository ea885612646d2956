// A basement round on the daily plan, offline from right after sign-in: choose the building, find a
// tenant by a Hebrew name, record the visit with its checklist, reload offline (still there, "saved on
// device"), reconnect, and prove through the API and the database that the server holds it once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLocalDateString } from '../../src/lib/dates';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { planBuildings } from './fixtures/dailyPlan';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { ApartmentsPage } from './pages/ApartmentsPage';
import { DailyPlanPage } from './pages/DailyPlanPage';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage, text } from './pages/LoginPage';
import { SearchContactPage } from './pages/SearchContactPage';

const avi = { companyCode: '1001', userName: 'avi', password: 'demo1234' };

type Contact = { id: string; fullName: string; firstName: string; lastName: string; phone: string | null };
type Visit = {
  id: string;
  buildingId: number;
  visitDate: string;
  description: string;
  madeToday: boolean;
  version: number;
  checklist: { id: string; done: boolean }[];
};
type Building = { id: number; name: string };

describe('field round: daily plan, building and contacts offline', () => {
  let app: TestApp;
  let state: ServerState;
  let plan: DailyPlanPage;
  let dashboard: DashboardPage;
  let contacts: SearchContactPage;
  let building: Building;
  const today = toLocalDateString(new Date());
  const description = 'ניקיתי את הלובי והחלפתי נורה בקומה 2';

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    plan = new DailyPlanPage(app.page, app.baseUrl);
    dashboard = new DashboardPage(app.page, app.baseUrl);
    contacts = new SearchContactPage(app.page, app.baseUrl);
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('signs in, takes the day offline with one tap, then loses the connection', async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      avi,
      (since) => app.server.waitForOtp('avi', { since }),
      () => app.server.otpMark(),
    );
    // A field worker's home is the day's plan (app/homeRoute.ts).
    await dashboard.waitForRoute('dailyPlan');
    await plan.navigateTo('dailyPlan');
    await plan.takeDayOffline();
    await waitForServiceWorkerControl(app.page);
    const inPlan = await planBuildings(state, today);
    await plan.expectBuildings(inPlan.map((b) => b.name));
    building = inPlan[0] as Building;
    expect(building, 'the first plan building').toBeDefined();
    await goOffline(app.context);
  });

  it('selects the building on the dashboard, offline', async () => {
    await dashboard.navigateTo('dashboard');
    await dashboard.waitVisible(dashboard.row(building.name));
    await dashboard.select(building.name);
    await dashboard.expectAttribute(dashboard.row(building.name).first(), 'aria-pressed', 'true');
    await dashboard.waitVisible(dashboard.quickLinks(building.name));
    await axeCheck(app.page);

    const apartments = new ApartmentsPage(app.page, app.baseUrl);
    await apartments.navigateTo('apartments');
    await apartments.waitVisible(apartments.apartment(1));
    await axeCheck(app.page);
  });

  it('finds a tenant of the building by a Hebrew name, offline', async () => {
    const people = await state.get<{ records: Contact[] }>(`/api/binyan/buildings/${building.id}/contacts`);
    const tenant = people.records.find((c) => /[\u0590-\u05FF]/.test(c.fullName) && c.phone) as Contact;
    await contacts.navigateTo('searchContact');
    await contacts.search(tenant.fullName);
    await contacts.waitVisible(contacts.kind('kind.text.hebrew'));
    await contacts.waitVisible(contacts.result(tenant.fullName));
    await contacts.expectAttribute(contacts.whatsAppLink(tenant.fullName).first(), 'href', `https://wa.me/972${String(tenant.phone).slice(1)}`);
    await axeCheck(app.page);
  });

  it('records the visit with ticked checklist items, saved on the device', async () => {
    await plan.navigateTo('dailyPlan');
    const boxes = plan.checkboxes(building.name);
    await plan.waitVisible(boxes);
    await boxes.nth(0).check();
    await plan.waitVisible(plan.syncBadge(building.name, 'local'));
    await boxes.nth(1).check();
    await plan.markMadeButton(building.name).click();
    await plan.waitVisible(plan.fieldError(building.name, text('he', 'errors', 'requiredField')));
    await plan.description(building.name).fill(description);
    await plan.markMadeButton(building.name).click();
    await plan.waitVisible(plan.savedDialog());
    await plan.waitVisible(plan.madeToday(building.name));
    await axeCheck(app.page);
  });

  it('still shows the visit after an offline reload', async () => {
    await plan.reload();
    await plan.waitForRoute('dailyPlan');
    await plan.waitVisible(plan.madeToday(building.name));
    await plan.waitVisible(plan.syncBadge(building.name, 'local'));
    // The form and the checklist take the stored visit in an effect after they render: wait for it.
    await plan.expectValue(plan.description(building.name), description);
    const boxes = plan.checkboxes(building.name);
    await plan.expectChecked(boxes.nth(0), true);
    await plan.expectChecked(boxes.nth(1), true);
    await plan.expectChecked(boxes.nth(2), false);
  });

  it('reaches the server exactly once after reconnecting', async () => {
    await goOnline(app.context);
    await plan.waitVisible(plan.syncBadge(building.name, 'synced'), 30_000);
    const stored = await state.until('the visit on the server', () => {
      const n = state.count('SELECT COUNT(*) AS n FROM visits WHERE buildingId = ? AND visitDate = ?', building.id, today);
      return n > 0 ? n : undefined;
    });
    expect(stored).toBe(1);
    const { records } = await state.get<{ records: Visit[] }>(`/api/binyan/visits?date=${today}&buildingId=${building.id}`);
    expect(records).toHaveLength(1);
    const visit = records[0] as Visit;
    expect(visit).toMatchObject({ description, madeToday: true, visitDate: today, version: 3 });
    expect(visit.checklist.map((c) => c.done).slice(0, 3)).toEqual([true, true, false]);
  });
});
