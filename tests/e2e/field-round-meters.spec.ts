// A basement round offline from right after sign-in: readings with photos for three counters (a lower
// reading is refused), the latest reading deleted, a key and a mail item registered and handed over,
// maintenance tests ticked and the plan sent; then reconnect and prove the server holds each change once.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { planBuildings } from './fixtures/dailyPlan';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { DailyPlanPage } from './pages/DailyPlanPage';
import { DashboardPage } from './pages/DashboardPage';
import { ItemsPage } from './pages/ItemsPage';
import { LoginPage, text } from './pages/LoginPage';
import { MaintenancePage } from './pages/MaintenancePage';
import { MetersPage } from './pages/MetersPage';
import { ReadingsPage } from './pages/ReadingsPage';
import { SyncScreenPage } from './pages/SyncScreenPage';
import { drawnJpeg } from './pages/photoFile';

const avi = { companyCode: '1001', userName: 'avi', password: 'demo1234' };
type Building = { id: number; name: string };
type Meter = { id: string; number: string; kind: string; lastReading: number | null; initialReading: number };
type Test = { id: string; title: string; status: string; version: number; plannedDate: string };
type Reading = { id: string; meterId: string };

/** The maintenance plan's order (plannedDate, then title): the screen lists the tests so. */
const inPlanOrder = (all: readonly Test[]): Test[] =>
  [...all].sort((a, b) => a.plannedDate.localeCompare(b.plannedDate) || a.title.localeCompare(b.title, 'he'));

/** A distinct JPEG per counter. */
const counterPhoto = (page: Page, label: string) =>
  drawnJpeg(page, `${label}.jpg`, { width: 1600, height: 1200, background: '#f1f5f9', font: 'bold 220px monospace', texts: [{ text: label, x: 120, y: 680 }] });

describe('field round: meters, keys, mail and maintenance offline', () => {
  let app: TestApp;
  let state: ServerState;
  let building: Building;
  let meters: Meter[];
  let tests: Test[];
  let filesBefore: number;
  /** Readings of each counter on the server when the day was taken offline (the device holds the same). */
  const readingsBefore = new Map<string, number>();
  const added: { meter: Meter; value: number }[] = [];
  const tag = 'E2E-K-17';
  const tracking = 'RR-E2E-0017-IL';

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('signs in, takes the day offline, selects the building and loses the connection', async () => {
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
    await plan.navigateTo('dailyPlan');
    await plan.takeDayOffline();
    await waitForServiceWorkerControl(app.page);
    const inPlan = await planBuildings(state);
    await plan.expectBuildings(inPlan.map((b) => b.name));
    building = inPlan[0] as Building;
    meters = (await state.get<{ records: Meter[] }>(`/api/binyan/buildings/${building.id}/meters`)).records.filter((m) => m.kind === 'unit').slice(0, 3);
    expect(meters).toHaveLength(3);
    for (const meter of meters)
      readingsBefore.set(meter.id, (await state.get<{ records: Reading[] }>(`/api/binyan/meters/${meter.id}/readings`)).records.length);
    tests = (await state.get<{ records: Test[] }>(`/api/binyan/buildings/${building.id}/maintenance-tests`)).records;
    filesBefore = state.count('SELECT COUNT(*) AS n FROM files');
    await dashboard.navigateTo('dashboard');
    await dashboard.select(building.name);
    await goOffline(app.context);
  });

  it('records a reading with a photo for three counters; a lower reading is refused', async () => {
    const list = new MetersPage(app.page, app.baseUrl);
    const readings = new ReadingsPage(app.page, app.baseUrl);
    await list.open(building.id);
    await list.waitVisible(list.card(meters[0]?.number ?? ''));
    await axeCheck(app.page);
    for (const [i, meter] of meters.entries()) {
      await list.openReadings(meter.number);
      const last = meter.lastReading ?? meter.initialReading;
      await readings.startNewReading();
      await readings.takePhoto(await counterPhoto(app.page, `${meter.number}-${i}`));
      if (i === 0) {
        await readings.fillCurrent(last - 1);
        await readings.save();
        await readings.waitVisible(readings.fieldError(text('he', 'errors', 'currentReadingNotGreater')));
        await axeCheck(app.page);
      }
      const value = Math.round((last + 12.5 + i) * 10) / 10;
      await readings.fillCurrent(value);
      await readings.waitVisible(readings.consumption().filter({ hasText: /\d/ }));
      await readings.save();
      await readings.waitVisible(readings.successDialog('reading.saved'));
      added.push({ meter, value });
      await list.open(building.id);
    }
  });

  it('deletes the latest reading of the third counter', async () => {
    const list = new MetersPage(app.page, app.baseUrl);
    const readings = new ReadingsPage(app.page, app.baseUrl);
    const third = meters[2] as Meter;
    await list.openReadings(third.number);
    // The list renders after the screen's heading: count it once it shows every reading the device
    // holds (the server's at take-day plus the one recorded offline), not whatever rendered so far.
    const before = (readingsBefore.get(third.id) ?? 0) + 1;
    await readings.waitForReadings(before);
    await readings.deleteLatest();
    await readings.waitVisible(readings.successDialog('reading.deleted'));
    await readings.waitForReadings(before - 1);
    await axeCheck(app.page);
  });

  for (const kind of ['keys', 'mailItems'] as const) {
    it(`registers a ${kind === 'keys' ? 'key' : 'mail item'}, refuses it twice and hands it over`, async () => {
      const items = new ItemsPage(app.page, app.baseUrl, kind);
      const number = kind === 'keys' ? tag : tracking;
      await items.navigateTo(kind);
      await items.startAdding();
      await items.fillItem({ number, description: 'מפתח לחדר האופניים', apartment: '1' });
      await items.save();
      await items.waitVisible(items.successDialog(`${kind}.saved`));
      await items.waitForRoute(kind);
      await items.waitVisible(items.card(number));
      await items.startAdding();
      await items.fillItem({ number: number.toLowerCase().replace(/-/g, ' '), description: 'שוב' });
      await items.save();
      await items.waitVisible(items.page.getByText(text('he', 'errors', 'itemAlreadyInserted'), { exact: true }));
      await items.navigateTo(kind);
      await items.handOver(number, 'יעל כהן');
      await items.waitVisible(items.successDialog(`${kind}.handedOver`));
      await items.tab('delivered').click();
      await items.waitVisible(items.card(number));
      await axeCheck(app.page);
    });
  }

  it('ticks maintenance tests and sends the plan to the committee after confirming', async () => {
    const maintenance = new MaintenancePage(app.page, app.baseUrl);
    await maintenance.navigateTo('maintenanceAndFacilities');
    // Every test listed (in plan order) before picking by position; each change stored before sending.
    await maintenance.waitForTests(tests.length);
    const [t0, t1] = inPlanOrder(tests);
    await maintenance.expectText(maintenance.testsList().nth(0).getByRole('heading'), t0?.title ?? '');
    await maintenance.expectText(maintenance.testsList().nth(1).getByRole('heading'), t1?.title ?? '');
    await maintenance.setStatusAt(0, 'done');
    if (t0?.status !== 'done') await maintenance.waitVisible(maintenance.localBadgeAt(0));
    await maintenance.setStatusAt(1, 'unchecked');
    if (t1?.status !== 'unchecked') await maintenance.waitVisible(maintenance.localBadgeAt(1));
    await maintenance.sendPlan(true);
    await maintenance.waitVisible(maintenance.successDialog());
    await axeCheck(app.page);
  });

  it('reaches the server exactly once after reconnecting', async () => {
    await goOnline(app.context);
    // The outbox drained: every change (also the third reading's create and then its delete) was answered.
    await new SyncScreenPage(app.page, app.baseUrl).waitForPending(0, 60_000);
    const [one, two, three] = added;
    for (const a of [one, two]) {
      const n = await state.until(
        `reading ${a?.value}`,
        () => {
          const c = state.count('SELECT COUNT(*) AS n FROM meter_readings WHERE meterId = ? AND current = ?', a?.meter.id, a?.value);
          return c > 0 ? c : undefined;
        },
        45_000,
      );
      expect(n).toBe(1);
    }
    // The deleted reading's photo never left the device (the server refuses an upload without its parent).
    await state.until(
      'the deleted reading gone and the kept photos uploaded',
      () => (state.count('SELECT COUNT(*) AS n FROM files') >= filesBefore + 2 ? true : undefined),
      45_000,
    );
    expect(state.count('SELECT COUNT(*) AS n FROM meter_readings WHERE meterId = ? AND current = ?', three?.meter.id, three?.value)).toBe(0);
    const third = (await state.get<{ records: Meter[] }>(`/api/binyan/buildings/${building.id}/meters`)).records.find((m) => m.id === three?.meter.id);
    expect(third?.lastReading).toBe(three?.meter.lastReading);

    await state.until('the key handed over', () =>
      state.count("SELECT COUNT(*) AS n FROM key_items WHERE tagNumber = ? AND status = 'delivered'", tag) === 1 ? true : undefined,
    );
    expect(state.count('SELECT COUNT(*) AS n FROM key_items WHERE tagNumber = ?', tag)).toBe(1);
    await state.until('the mail item handed over', () =>
      state.count("SELECT COUNT(*) AS n FROM mail_items WHERE trackingNumber = ? AND status = 'delivered'", tracking) === 1 ? true : undefined,
    );
    expect(state.count('SELECT COUNT(*) AS n FROM mail_items WHERE trackingNumber = ?', tracking)).toBe(1);

    await state.until('the plan sent', () =>
      state.count('SELECT COUNT(*) AS n FROM maintenance_plan_sends WHERE buildingId = ?', building.id) > 0 ? true : undefined,
    );
    expect(state.count('SELECT COUNT(*) AS n FROM maintenance_plan_sends WHERE buildingId = ?', building.id)).toBe(1);
    const after = (await state.get<{ records: Test[] }>(`/api/binyan/buildings/${building.id}/maintenance-tests`)).records;
    const [t0, t1] = inPlanOrder(tests);
    const a0 = after.find((t) => t.id === t0?.id);
    const a1 = after.find((t) => t.id === t1?.id);
    expect(a0?.status).toBe('done');
    expect(a1?.status).toBe('unchecked');
    expect(a0?.version).toBe((t0?.version ?? 0) + (t0?.status === 'done' ? 0 : 1));
    expect(a1?.version).toBe((t1?.version ?? 0) + (t1?.status === 'unchecked' ? 0 : 1));

    await new SyncScreenPage(app.page, app.baseUrl).waitForPending(0, 45_000);
    expect(state.count('SELECT COUNT(*) AS n FROM files')).toBe(filesBefore + 2);
  });
});
