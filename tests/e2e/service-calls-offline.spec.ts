// A basement round on service calls, offline from right after sign-in: open a call with two photos,
// add an update, change its status, close another call, reload offline, reconnect, and prove through
// the API (a separate, fresh login) that the server holds each change exactly once with its photos.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { AddServiceCallPage } from './pages/AddServiceCallPage';
import { LoginPage } from './pages/LoginPage';
import type { PhotoFile } from './pages/ServiceCallPage';
import { ServiceCallPage } from './pages/ServiceCallPage';
import { ServiceCallsPage } from './pages/ServiceCallsPage';
import { SyncScreenPage } from './pages/SyncScreenPage';
import { drawnJpeg } from './pages/photoFile';

const avi = { companyCode: '1001', userName: 'avi', password: 'demo1234' };
const BUILDING = 101;

type Call = { id: string; status: string; callNumber: number | null; closedAt: string | null; description: string; subject: string };
type Update = { id: string; text: string; serviceCallId: string };
type FileRef = { id: string; parentType: string; parentId: string; mimeType: string };

/** A small real JPEG (distinct colours, so the server's hash dedupe keeps both). */
const jpeg = (page: Page, name: string, color: string): Promise<PhotoFile> => drawnJpeg(page, name, { width: 64, height: 48, background: color });

describe('service calls offline round', () => {
  let app: TestApp;
  let state: ServerState;
  let list: ServiceCallsPage;
  let detail: ServiceCallPage;
  let add: AddServiceCallPage;
  let sync: SyncScreenPage;
  let otherId = '';
  let newId = '';
  const description = 'נזילה מהצנרת בחניון התת-קרקעי ליד עמוד 12';
  const updateText = 'האינסטלטור בדרך, הגיע צפוי בעוד שעה';

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    list = new ServiceCallsPage(app.page, app.baseUrl);
    detail = new ServiceCallPage(app.page, app.baseUrl);
    add = new AddServiceCallPage(app.page, app.baseUrl);
    sync = new SyncScreenPage(app.page, app.baseUrl);
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('signs in, caches the building calls, and then loses the connection', async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      avi,
      (since) => app.server.waitForOtp('avi', { since }),
      () => app.server.otpMark(),
    );
    // A field worker's home is the day's plan (app/homeRoute.ts).
    await list.waitForRoute('dailyPlan');
    await list.open(BUILDING);
    await list.waitForRows();
    await waitForServiceWorkerControl(app.page);
    await axeCheck(app.page);
    otherId = await list.idOf(list.rows().first());
    await goOffline(app.context);
    await sync.waitForConnectivity(false);
    await list.waitVisible(app.page.getByText(list.t('list.refreshOffline')));
    await list.expectDisabled(list.refreshButton(), true);
  });

  it('opens a call with two photos while offline', async () => {
    await add.open(BUILDING);
    const photos = [await jpeg(app.page, 'leak-1.jpg', '#c0392b'), await jpeg(app.page, 'leak-2.jpg', '#2980b9')];
    await add.fill({ domain: 'plumbing', subject: 'נזילה בחניון', description, priority: 'high', photos });
    await add.waitForCount(add.pickedPhotos(), 2);
    newId = await add.submit();
    await detail.expectText(detail.callHeading(), detail.t('detail.titlePending'));
    await detail.waitVisible(detail.badge('local'));
    await detail.waitVisible(
      app.page
        .getByRole('region', { name: detail.t('photos.ofCall') })
        .getByRole('listitem')
        .nth(1),
    );
  });

  it('adds an update and moves the call on, offering only the allowed statuses', async () => {
    await detail.addUpdate(updateText);
    await detail.waitVisible(detail.update(updateText));
    await detail.expectStatus('open');
    await detail.expectOfferedStatuses(['inTreatment', 'inExecution', 'treated', 'closed']);
    await detail.changeStatus('inTreatment');
    // The success message comes when the change is stored; the screen follows the stored row after it.
    await detail.expectStatus('inTreatment');
    await detail.expectOfferedStatuses(['inExecution', 'treated', 'closed']);
    expect(await detail.offeredStatuses()).not.toContain(detail.t('status.open'));
  });

  it('closes another call', async () => {
    await detail.open(otherId);
    await detail.closeCall({ message: false });
    await detail.expectStatus('closed');
    await list.open(BUILDING);
    await list.tab('closed').click();
    await list.waitVisible(list.panel().locator(`a[href="/service-call/${otherId}"]`));
  });

  it('keeps everything across an offline reload', async () => {
    // create + 2 photos + update + status + close
    await sync.waitForPending(6);
    await detail.open(newId);
    await detail.reload();
    await detail.waitVisible(detail.callHeading());
    await detail.waitVisible(detail.update(updateText));
    await detail.expectStatus('inTreatment');
    await sync.waitForPending(6);
  });

  it('sends each change exactly once, with the photos, when the connection returns', async () => {
    await goOnline(app.context);
    await sync.waitForPending(0, 60_000);
    await detail.waitVisible(detail.badge('synced'), 20_000);

    const created = await state.get<{ record: Call; updates: Update[] }>(`/api/binyan/service-calls/${newId}`);
    expect(created.record).toMatchObject({ id: newId, status: 'inTreatment', description, subject: 'נזילה בחניון' });
    expect(created.record.callNumber).toEqual(expect.any(Number));
    expect(created.updates.map((u) => u.text)).toEqual([updateText]);
    const files = await state.get<{ records: FileRef[] }>(`/api/binyan/service-calls/${newId}/files`);
    expect(files.records).toHaveLength(2);
    expect(files.records.every((f) => f.parentType === 'serviceCalls' && f.parentId === newId && f.mimeType === 'image/jpeg')).toBe(true);

    const closed = await state.get<{ record: Call }>(`/api/binyan/service-calls/${otherId}`);
    expect(closed.record.status).toBe('closed');
    expect(closed.record.closedAt).toEqual(expect.any(String));

    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', newId)).toBe(1);
    expect(state.count('SELECT COUNT(*) FROM service_call_updates WHERE serviceCallId = ?', newId)).toBe(1);
    expect(state.count("SELECT COUNT(*) FROM files WHERE parentType = 'serviceCalls' AND parentId = ?", newId)).toBe(2);
    // One stored answer per change: no mutation reached the server twice under different keys.
    expect(state.count("SELECT COUNT(*) FROM idempotency_keys WHERE method = 'POST' AND path = '/api/binyan/service-calls'")).toBe(1);
    expect(state.count('SELECT COUNT(*) FROM idempotency_keys WHERE path = ?', `/api/binyan/service-calls/${newId}/updates`)).toBe(1);
    expect(state.count("SELECT COUNT(*) FROM idempotency_keys WHERE method = 'PATCH' AND path = ?", `/api/binyan/service-calls/${otherId}`)).toBe(1);
  });

  it('shows the applied call with its number and its photos from the server', async () => {
    await detail.open(newId);
    const number = (await state.get<{ record: Call }>(`/api/binyan/service-calls/${newId}`)).record.callNumber;
    await detail.waitVisible(detail.page.getByRole('heading', { level: 2, name: detail.t('detail.title', { number: String(number) }) }));
    await detail.waitVisible(
      app.page
        .getByRole('region', { name: detail.t('photos.ofCall') })
        .getByRole('listitem')
        .nth(1),
    );
    await detail.waitVisible(detail.translateButton());
    await detail.expectDisabled(detail.translateButton(), false);
    await axeCheck(app.page);
  });
});
