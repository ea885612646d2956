// The basement round a new worker walks, in Hebrew and then in English (issue 18): take the day
// offline (small copies of the day's photos, within the budget the progress shows), lose the
// connection, compare today's meter with the previous reading's photo, record a reading, and see the
// change "waiting for a connection" with no attempt made; dates read dd/mm/yyyy with 24-hour times in
// both languages and a call's number is labelled "Call number" in English (a language pack the worker
// chose once while online). Reconnected, it arrives once.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { planBuildings } from './fixtures/dailyPlan';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { DailyPlanPage } from './pages/DailyPlanPage';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage, text } from './pages/LoginPage';
import { MetersPage } from './pages/MetersPage';
import { ProfilePage } from './pages/ProfilePage';
import { ReadingsPage } from './pages/ReadingsPage';
import { ServiceCallPage } from './pages/ServiceCallPage';
import { escapeRegExp, SyncScreenPage } from './pages/SyncScreenPage';
import { drawnJpeg } from './pages/photoFile';

const avi = { companyCode: '1001', userName: 'avi', password: 'demo1234' };
type Building = { id: number; name: string };
type Meter = { id: string; number: string; kind: string; lastReading: number | null; initialReading: number };
type Call = { id: string; callNumber: number; status: string };

/** dd/mm/yyyy hh:mm, 24-hour: what every date-time of the app reads like, in every language. */
const dateTime = /^\d{2}\/\d{2}\/\d{4} ([01]\d|2[0-3]):[0-5]\d$/;
const usStyle = /\d{1,2}\/\d{1,2}\/\d{4},|\b(AM|PM)\b/;

const readingPhoto = (page: Page) =>
  drawnJpeg(page, 'today.jpg', { width: 800, height: 600, background: '#e2e8f0', boxes: [{ x: 100, y: 250, width: 600, height: 100 }] });

/** Waits until `image` has loaded real pixels, and returns where they came from. */
async function loadedImage(image: Locator, what: string): Promise<string> {
  await image.first().waitFor({ state: 'attached', timeout: 20_000 });
  await expect
    .poll(() => image.first().evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0), { timeout: 20_000, message: what })
    .toBe(true);
  return (await image.first().getAttribute('src')) ?? '';
}

describe('field round in Hebrew and English: dates, offline photos, waiting, labels', () => {
  let app: TestApp;
  let state: ServerState;
  let building: Building;
  let meter: Meter;
  let call: Call;
  let recorded: number;
  /** When the connection went: the sync log must hold no attempt from then on. */
  let offlineSince: string;

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('takes the day offline with the photos of the day, within the budget the progress shows', async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    const plan = new DailyPlanPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      avi,
      (since) => app.server.waitForOtp('avi', { since }),
      () => app.server.otpMark(),
    );
    // A field worker's home is the day's plan (app/homeRoute.ts).
    await plan.waitForRoute('dailyPlan');
    await plan.navigateTo('dailyPlan');
    await plan.takeDayOffline();
    // "Photos for offline use: 412 KB of 20 MB" (some bytes stored, the budget named).
    const size = '[1-9]\\d*(\\.\\d)? (KB|MB)';
    const budgetLine = new RegExp(
      `^${escapeRegExp(text('he', 'field', 'takeDay.photos', { used: '@', budget: '#' }))
        .replace('@', size)
        .replace('#', '20 MB')}`,
    );
    await plan.waitVisible(app.page.getByText(budgetLine));
    await waitForServiceWorkerControl(app.page);
    // English is a language pack (only Hebrew installs with the app): this worker read the app in English
    // once while online, so the phone keeps its texts for the basement.
    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.switchLanguage('en');
    await profile.switchLanguage('he');
    building = (await planBuildings(state))[0] as Building;
    meter = (await state.get<{ records: Meter[] }>(`/api/binyan/buildings/${building.id}/meters`)).records.find((m) => m.kind === 'unit') as Meter;
    call = (await state.get<{ records: Call[] }>(`/api/binyan/service-calls?buildingId=${building.id}&tab=open`)).records[0] as Call;
    expect(meter).toBeDefined();
    expect(call).toBeDefined();
    const dashboard = new DashboardPage(app.page, app.baseUrl);
    await dashboard.navigateTo('dashboard');
    await dashboard.select(building.name);
    offlineSince = new Date().toISOString();
    await goOffline(app.context);
  });

  it('offline, in Hebrew: the previous reading’s photo is on the phone, dates are dd/mm/yyyy', async () => {
    const list = new MetersPage(app.page, app.baseUrl);
    const readings = new ReadingsPage(app.page, app.baseUrl);
    await list.open(building.id);
    await list.openReadings(meter.number);
    const previous = readings.readings().first();
    await readings.waitVisible(previous);
    const src = await loadedImage(
      previous.getByRole('button', { name: new RegExp(escapeRegExp(readings.t('reading.openPhoto', { date: '' }).trim())) }).locator('img'),
      'the previous reading’s photo',
    );
    expect(src.startsWith('blob:')).toBe(true);
    const title = (await previous.getByRole('heading', { level: 3 }).textContent()) ?? '';
    expect(title).toMatch(dateTime);

    recorded = Math.round(((meter.lastReading ?? meter.initialReading) + 21.5) * 10) / 10;
    await readings.startNewReading();
    await readings.takePhoto(await readingPhoto(app.page));
    await readings.fillCurrent(recorded);
    await readings.save();
    await readings.waitVisible(readings.successDialog('reading.saved'));
    await axeCheck(app.page);
  });

  it('offline, in Hebrew: the change waits for a connection, no attempt made', async () => {
    const sync = new SyncScreenPage(app.page, app.baseUrl);
    await sync.open();
    const entry = sync.entry('create', 'meterReadings');
    await sync.waitVisible(entry);
    await sync.expectText(entry.getByText(sync.t('entryState.offline'), { exact: true }), sync.t('entryState.offline'));
    const meta = (await entry.getByText(new RegExp(`^${escapeRegExp(sync.t('entry.created', { time: '' }).trim())}`)).textContent()) ?? '';
    expect(meta).toMatch(/\d{2}\/\d{2}\/\d{4} ([01]\d|2[0-3]):[0-5]\d/);
    expect(meta).not.toMatch(usStyle);
    expect(meta).not.toMatch(/ניסיון|ניסיונות/);
    const log = await sync.exportLog();
    expect(log.outbox.length).toBeGreaterThan(0);
    expect(log.outbox.map((e) => e.attempts)).toEqual(log.outbox.map(() => 0));
    // The language choices made online were sent then; nothing since the connection went.
    expect(log.log.filter((row) => row.at >= offlineSince)).toEqual([]);
    await axeCheck(app.page);
  });

  it('offline, in Hebrew: an open call shows its number label and its picture from the phone', async () => {
    const detail = new ServiceCallPage(app.page, app.baseUrl);
    await detail.open(call.id);
    await detail.expectText(detail.fact('callNumber'), String(call.callNumber));
    const src = await loadedImage(app.page.getByRole('button', { name: detail.t('photos.photoName', { index: 1 }) }).locator('img'), 'the call’s picture');
    expect(src.startsWith('blob:')).toBe(true);
  });

  it('offline, in English: the same round reads dd/mm/yyyy, "Waiting for a connection" and "Call number"', async () => {
    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.switchLanguage('en');

    const list = new MetersPage(app.page, app.baseUrl);
    const readings = new ReadingsPage(app.page, app.baseUrl);
    const sync = new SyncScreenPage(app.page, app.baseUrl);
    const detail = new ServiceCallPage(app.page, app.baseUrl);
    for (const p of [list, readings, sync, detail]) p.lang = 'en';

    await list.open(building.id);
    await list.openReadings(meter.number);
    // Newest first: today's reading (taken here), then the previous one with its offline copy.
    await readings.waitForReadings((await state.get<{ records: unknown[] }>(`/api/binyan/meters/${meter.id}/readings`)).records.length + 1);
    for (const heading of await readings.readings().getByRole('heading', { level: 3 }).allTextContents()) expect(heading).toMatch(dateTime);
    const previous = readings.readings().nth(1);
    const src = await loadedImage(previous.getByRole('button', { name: /^Open the photo/ }).locator('img'), 'the previous reading’s photo in English');
    expect(src.startsWith('blob:')).toBe(true);

    await sync.open();
    const entry = sync.entry('create', 'meterReadings');
    await sync.expectText(entry.getByText('Waiting for a connection', { exact: true }), 'Waiting for a connection');
    const meta = (await entry.getByText(/^Saved /).textContent()) ?? '';
    expect(meta).toMatch(/\d{2}\/\d{2}\/\d{4} ([01]\d|2[0-3]):[0-5]\d/);
    expect(meta).not.toMatch(usStyle);
    // An attempt made while offline would be a trigger taken for a connection: the log rows name it.
    if (/attempt/i.test(meta)) throw new Error(`an attempt was made offline (${meta}); sync log: ${JSON.stringify((await sync.exportLog()).log)}`);
    expect(meta).not.toMatch(/attempt/i);

    await detail.open(call.id);
    await detail.waitVisible(app.page.getByRole('term').filter({ hasText: /^Call number$/ }));
    expect(
      await app.page
        .getByRole('term')
        .filter({ hasText: /^Reading number$/ })
        .count(),
    ).toBe(0);
    await axeCheck(app.page);
  });

  it('reconnected, the reading reaches the server once', async () => {
    await goOnline(app.context);
    const sync = new SyncScreenPage(app.page, app.baseUrl);
    sync.lang = 'en';
    await sync.waitForPending(0, 60_000);
    const n = await state.until(
      'the reading on the server',
      () => {
        const c = state.count('SELECT COUNT(*) AS n FROM meter_readings WHERE meterId = ? AND current = ?', meter.id, recorded);
        return c > 0 ? c : undefined;
      },
      45_000,
    );
    expect(n).toBe(1);
  });
});
