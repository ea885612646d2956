// The whole day in a basement: right after sign-in the worker takes the day offline and loses the
// connection, then creates and edits a record of every table through the real screens (a check with
// its image, a service call with a photo + an update + a status change, a visit, a meter reading with
// a photo, a key and a mail item registered and handed over, a maintenance test ticked). An offline
// reload keeps all of it "saved on device"; when the connection returns the SERVER holds each change
// exactly once, and no change was sent twice.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLocalDateString } from '../../src/lib/dates';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { waitForServiceWorkerControl } from './fixtures/browser';
import { avi, breakableNetwork } from './fixtures/chaos';
import type { Network } from './fixtures/chaos';
import { planBuildings } from './fixtures/dailyPlan';
import { photoFile } from './fixtures/images';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { AddServiceCallPage } from './pages/AddServiceCallPage';
import { STATE_TIMEOUT_MS } from './pages/BasePage';
import { ChecksCapturePage } from './pages/ChecksCapturePage';
import { ChecksFillPage } from './pages/ChecksFillPage';
import { ChecksIndexPage } from './pages/ChecksIndexPage';
import { DailyPlanPage } from './pages/DailyPlanPage';
import { DashboardPage } from './pages/DashboardPage';
import { ItemsPage } from './pages/ItemsPage';
import { LoginPage, text } from './pages/LoginPage';
import { MaintenancePage } from './pages/MaintenancePage';
import { MetersPage } from './pages/MetersPage';
import { ReadingsPage } from './pages/ReadingsPage';
import { ServiceCallPage } from './pages/ServiceCallPage';
import { plural, SyncScreenPage } from './pages/SyncScreenPage';

type Building = { id: number; name: string };
type Meter = { id: string; number: string; kind: string; lastReading: number | null; initialReading: number };
type MaintenanceTest = { id: string; title: string; status: string; version: number };
type Debt = { id: string; contactGuid: string; amount: number };
type Contact = { id: string; fullName: string; apartmentId: string | null };
type Apartment = { id: string; number: string };

/** How many entries the device's outbox holds (the app's IndexedDB, read directly). */
function outboxSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('binyan');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').count();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            resolve(request.result);
            open.result.close();
          };
        };
      }),
  );
}

describe('sync chaos: a day of changes to every table, offline, applied once', () => {
  let app: TestApp;
  let state: ServerState;
  let net: Network;
  let building: Building;
  let meter: Meter;
  let test: MaintenanceTest;
  let reading = 0;
  let callId = '';
  let groupGuid = '';
  let pending = 0;
  const today = toLocalDateString(new Date());
  const tag = 'CHAOS-K-1';
  const tracking = 'RR-CHAOS-0001-IL';
  const visitText = 'בדקתי את חדר המשאבות, הכול תקין';
  const updateText = 'החשמלאי החליף את המפסק';

  const pages = () => ({
    plan: new DailyPlanPage(app.page, app.baseUrl),
    dashboard: new DashboardPage(app.page, app.baseUrl),
    checks: new ChecksIndexPage(app.page, app.baseUrl),
    capture: new ChecksCapturePage(app.page, app.baseUrl),
    fill: new ChecksFillPage(app.page, app.baseUrl),
    add: new AddServiceCallPage(app.page, app.baseUrl),
    call: new ServiceCallPage(app.page, app.baseUrl),
    meters: new MetersPage(app.page, app.baseUrl),
    readings: new ReadingsPage(app.page, app.baseUrl),
    keys: new ItemsPage(app.page, app.baseUrl, 'keys'),
    mail: new ItemsPage(app.page, app.baseUrl, 'mailItems'),
    maintenance: new MaintenancePage(app.page, app.baseUrl),
    sync: new SyncScreenPage(app.page, app.baseUrl),
  });

  /** A success dialog closes by itself after 2 s; the worker taps it away (Escape) and goes on. */
  async function dismiss(success: Locator): Promise<void> {
    await success.first().waitFor({ state: 'visible', timeout: STATE_TIMEOUT_MS });
    await app.page.keyboard.press('Escape');
    await success.first().waitFor({ state: 'hidden', timeout: STATE_TIMEOUT_MS });
  }

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    net = await breakableNetwork(app.context);
  });

  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('signs in, takes the day offline, picks a payer, then loses the connection', async () => {
    const { plan, dashboard, checks } = pages();
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
    const buildings = (await state.get<{ records: Building[] }>('/api/binyan/buildings')).records;
    meter = (await state.get<{ records: Meter[] }>(`/api/binyan/buildings/${building.id}/meters`)).records.find((m) => m.kind === 'unit') as Meter;
    test = (await state.get<{ records: MaintenanceTest[] }>(`/api/binyan/buildings/${building.id}/maintenance-tests`)).records.find(
      (t) => t.status !== 'done',
    ) as MaintenanceTest;
    expect(meter && test).toBeTruthy();
    await dashboard.navigateTo('dashboard');
    await dashboard.select(building.name);

    // The payer of a check: a tenant with a debt (chosen while online, like opening the screen at the door).
    const payerBuilding = buildings[1] as Building;
    const debts = (await state.get<{ records: Debt[] }>(`/api/binyan/debts?buildingId=${payerBuilding.id}`)).records;
    const contacts = (await state.get<{ records: Contact[] }>(`/api/binyan/buildings/${payerBuilding.id}/contacts`)).records;
    let found: Contact | undefined;
    for (const c of contacts.filter((c) => c.apartmentId !== null && debts.some((d) => d.contactGuid === c.id))) {
      // A payer without a payment in progress: the screen goes straight to choosing debts.
      if ((await state.get<{ records: unknown[] }>(`/api/binyan/check/toFill?contactGuid=${c.id}`)).records.length === 0) {
        found = c;
        break;
      }
    }
    if (!found) throw new Error(`no payer without a payment in progress in ${payerBuilding.name}`);
    const payer = found;
    const apartment = (await state.get<{ records: Apartment[] }>(`/api/binyan/buildings/${payerBuilding.id}/apartments`)).records.find(
      (a) => a.id === payer.apartmentId,
    ) as Apartment;
    await checks.navigateTo('checksIndex');
    await checks.choose('building', payerBuilding.name);
    await checks.choose('apartment', text('he', 'checks', 'index.apartmentOption', { number: apartment.number, floor: '' }).split('(')[0]?.trim() ?? '');
    await checks.choose('contact', payer.fullName);
    await checks.waitVisible(checks.debts());
    await checks.waitVisible(checks.payByChecks());

    await net.setOffline(true);
  });

  it('images a check for a debt', async () => {
    const { checks, capture, fill } = pages();
    await checks.debts().first().check();
    await checks.payByChecks().click();
    await capture.waitForScreen();
    groupGuid = new URL(app.page.url()).searchParams.get('checksGroupId') ?? '';
    expect(groupGuid).not.toBe('');
    await capture.takePhoto(photoFile(101));
    await capture.saveCheck('120');
    await capture.skipBack();
    await fill.waitForScreen();
    await fill.waitVisible(fill.check(1));
  });

  it('opens a service call with a photo, adds an update and moves it on', async () => {
    const { add, call } = pages();
    await add.open(building.id);
    await add.fill({ domain: 'electricity', description: 'המפסק הראשי בלוח החשמל קופץ כל ערב', photos: [photoFile(102)] });
    callId = await add.submit();
    await call.addUpdate(updateText);
    await call.changeStatus('inTreatment');
    await call.waitVisible(call.badge('local'));
  });

  it('records the visit of the building', async () => {
    const { plan } = pages();
    await plan.navigateTo('dailyPlan');
    await plan.waitVisible(plan.checkboxes(building.name));
    await plan.checkboxes(building.name).nth(0).check();
    await plan.description(building.name).fill(visitText);
    await plan.markMadeButton(building.name).click();
    await dismiss(plan.savedDialog());
    await plan.waitVisible(plan.syncBadge(building.name, 'local'));
  });

  it('records a meter reading with its photo', async () => {
    const { meters, readings } = pages();
    await meters.open(building.id);
    await meters.openReadings(meter.number);
    await readings.startNewReading();
    await readings.takePhoto(photoFile(103));
    reading = Math.round(((meter.lastReading ?? meter.initialReading) + 17.5) * 10) / 10;
    await readings.fillCurrent(reading);
    await readings.save();
    await dismiss(readings.successDialog('reading.saved'));
  });

  for (const kind of ['keys', 'mailItems'] as const) {
    it(`registers a ${kind === 'keys' ? 'key' : 'mail item'} and hands it over`, async () => {
      const items = kind === 'keys' ? pages().keys : pages().mail;
      const number = kind === 'keys' ? tag : tracking;
      await items.navigateTo(kind);
      await items.startAdding();
      await items.fillItem({ number, description: 'מפתח למחסן הגינון' });
      await items.save();
      await dismiss(items.successDialog(`${kind}.saved`));
      await items.waitForRoute(kind);
      await items.handOver(number, 'רונית לוי');
      await dismiss(items.successDialog(`${kind}.handedOver`));
    });
  }

  it('ticks a maintenance test', async () => {
    const { maintenance } = pages();
    await maintenance.navigateTo('maintenanceAndFacilities');
    await maintenance.waitVisible(maintenance.testsList());
    await maintenance.setStatus(test.title, 'done');
    await maintenance.waitVisible(maintenance.test(test.title).getByRole('status', { name: text('he', 'sync', 'state.local') }));
  });

  it('keeps every change across an offline reload, each still saved on the device', async () => {
    const { sync, call, plan, keys } = pages();
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', callId)).toBe(0);
    await sync.open();
    // Every change above is queued in the transaction that stored it: count the outbox itself, then
    // read the app bar once it says the same (its live count can trail the last write).
    pending = await outboxSize(app.page);
    await sync.waitForPending(pending);
    const name = await sync.indicatorName();
    expect(Number(/(\d+)/.exec(name)?.[1] ?? 0)).toBe(pending);
    // check (group, check, image) + call (create, photo, update, status) + visit + reading (+ photo) + 2 × (item, handover) + test
    expect(pending).toBeGreaterThanOrEqual(14);
    await sync.reload();
    await sync.waitForRoute('sync');
    await sync.waitForPending(pending);
    await sync.waitVisible(sync.heading(plural('he', 'sync', 'screen.waiting', pending), 2));
    for (const [op, table] of [
      ['create', 'serviceCalls'],
      ['status', 'serviceCalls'],
      ['create', 'serviceCallUpdates'],
      ['create', 'meterReadings'],
      ['create', 'keys'],
      ['handover', 'keys'],
      ['create', 'mailItems'],
      ['handover', 'mailItems'],
      ['upload', 'photos'],
    ] as const) {
      await sync.waitVisible(sync.entry(op, table));
    }
    await call.open(callId);
    await call.waitVisible(call.badge('local'));
    await call.waitVisible(call.update(updateText));
    await plan.navigateTo('dailyPlan');
    await plan.waitVisible(plan.syncBadge(building.name, 'local'));
    await plan.expectValue(plan.description(building.name), visitText);
    await keys.navigateTo('keys');
    await keys.tab('delivered').click();
    await keys.waitVisible(keys.card(tag).getByRole('status', { name: text('he', 'sync', 'state.local') }));
  });

  it('applies each change exactly once when the connection returns', async () => {
    const { sync } = pages();
    const from = net.sent.length;
    const storedBefore = state.count('SELECT COUNT(*) FROM idempotency_keys');
    await net.setOffline(false);
    await sync.waitForPending(0, 60_000);

    const writes = net.sent.slice(from);
    const keys = [...new Set(writes.map((w) => w.key ?? ''))];
    // Nothing was broken on the way, so each change went over the wire once: one key, one send.
    expect(writes).toHaveLength(keys.length);
    expect(keys.length).toBeGreaterThanOrEqual(pending);
    expect(state.count('SELECT COUNT(*) FROM idempotency_keys') - storedBefore).toBe(keys.length);

    expect(state.count('SELECT COUNT(*) FROM check_groups WHERE ChecksHeaderGuid = ?', groupGuid)).toBe(1);
    expect(state.count('SELECT COUNT(*) FROM checks WHERE ChecksHeaderGuid = ?', groupGuid)).toBe(1);
    expect(state.row('SELECT version, status FROM service_calls WHERE id = ?', callId)).toEqual({ version: 2, status: 'inTreatment' });
    expect(state.count('SELECT COUNT(*) FROM service_call_updates WHERE serviceCallId = ?', callId)).toBe(1);
    expect(state.count("SELECT COUNT(*) FROM files WHERE parentType = 'serviceCalls' AND parentId = ?", callId)).toBe(1);
    expect(
      state.rows<{ description: string; madeToday: number }>(
        'SELECT description, madeToday FROM visits WHERE buildingId = ? AND visitDate = ?',
        building.id,
        today,
      ),
    ).toEqual([{ description: visitText, madeToday: 1 }]);
    expect(state.rows<{ photoId: string | null }>('SELECT photoId FROM meter_readings WHERE meterId = ? AND current = ?', meter.id, reading)).toEqual([
      { photoId: expect.any(String) },
    ]);
    expect(state.rows('SELECT status FROM key_items WHERE tagNumber = ?', tag)).toEqual([{ status: 'delivered' }]);
    expect(state.rows('SELECT status FROM mail_items WHERE trackingNumber = ?', tracking)).toEqual([{ status: 'delivered' }]);
    expect(state.row('SELECT status, version FROM maintenance_tests WHERE id = ?', test.id)).toEqual({ status: 'done', version: test.version + 1 });
  });
});
