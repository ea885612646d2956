// Check payment in a basement: three checks imaged offline for two debts, the total-mismatch warning,
// the amount fixed, sent after reconnecting while the check photos cannot get through, the deposit put
// off ("Not now"), found again after a reload in the list of payments waiting for it, its wait showing
// the photos sent, and confirmed with the code from the server log (each call applied once).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, waitForServiceWorkerControl } from './fixtures/browser';
import { breakableNetwork, faults } from './fixtures/chaos';
import type { Fault, Network } from './fixtures/chaos';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { ChecksCapturePage } from './pages/ChecksCapturePage';
import { ChecksDepositsPage } from './pages/ChecksDepositsPage';
import { ChecksFillPage } from './pages/ChecksFillPage';
import { ChecksIndexPage } from './pages/ChecksIndexPage';
import { LoginPage, text } from './pages/LoginPage';
import { drawnJpeg } from './pages/photoFile';

const avi = { companyCode: '1001', userName: 'avi', password: 'demo1234' };
type Building = { id: number; name: string };
type Debt = { id: string; contactGuid: string; apartmentId: string; amount: number };
type Contact = { id: string; fullName: string; apartmentId: string | null };
type Apartment = { id: string; number: string; floor: number };

// A photo goes as a resumable upload: its creation, parts and finish (docs/api.md "Resumable upload").
const photoUploads = /\/api\/files\/uploads(\/|$)/;
const photoFinish = /\/api\/files\/uploads\/[^/]+\/finish$/;
/** The photo uploads find no network (a signal too weak for them). */
const photosCannotGetThrough: Fault = async (route) => faults.networkDown(route);

/** A distinct 4000×1800 JPEG of a check (a phone camera's size). */
const checkPhoto = (page: Page, label: string) =>
  drawnJpeg(page, `check-${label}.jpg`, {
    width: 4000,
    height: 1800,
    background: '#fefce8',
    ink: '#1e293b',
    font: 'bold 200px serif',
    texts: [
      { text: `Check ${label}`, x: 200, y: 500 },
      { text: '12-600-123456', x: 200, y: 1500 },
    ],
  });

/** The stored check images on the device: [width, height] of each Blob row. */
function storedCheckPhotos(page: Page): Promise<Array<[number, number]>> {
  return page.evaluate(
    () =>
      new Promise<Array<[number, number]>>((resolve, reject) => {
        const open = indexedDB.open('binyan');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('photos').objectStore('photos').getAll();
          request.onsuccess = () => {
            const rows = request.result as Array<{ ownerTable: string; width: number; height: number }>;
            resolve(rows.filter((r) => r.ownerTable === 'checks').map((r) => [r.width, r.height]));
            open.result.close();
          };
        };
      }),
  );
}

/** The first two photos arrive; every request of the third waits until `release`. */
function lastPhotoHeld(): { fault: Fault; release(): void } {
  let finished = 0;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fault: Fault = async (route, request) => {
    if (finished < 2) {
      if (photoFinish.test(request.url())) finished += 1;
      return route.continue();
    }
    await gate;
    return route.continue();
  };
  return { fault, release: () => release() };
}

describe('check payment offline, sent once, deposit confirmed', () => {
  let photoFault: Fault | null = null;
  let app: TestApp;
  let state: ServerState;
  let net: Network;
  let index: ChecksIndexPage;
  let deposits: ChecksDepositsPage;
  let fill: ChecksFillPage;
  let capture: ChecksCapturePage;
  let building: Building;
  let payer: Contact;
  let apartment: Apartment;
  let debts: Debt[];
  let total: number;
  let groupGuid: string;

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    net = await breakableNetwork(app.context);
    // The photos' requests, apart from the changes (net): passed, or broken by `photoFault`.
    await app.context.route(photoUploads, (route, request) => (photoFault ? photoFault(route, request) : route.continue()));
    index = new ChecksIndexPage(app.page, app.baseUrl);
    deposits = new ChecksDepositsPage(app.page, app.baseUrl);
    fill = new ChecksFillPage(app.page, app.baseUrl);
    capture = new ChecksCapturePage(app.page, app.baseUrl);
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('signs in and picks a payer with two debts while online', async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      avi,
      (since) => app.server.waitForOtp('avi', { since }),
      () => app.server.otpMark(),
    );
    // A field worker's home is the day's plan (app/homeRoute.ts).
    await index.waitForRoute('dailyPlan');
    building = (await state.get<{ records: Building[] }>('/api/binyan/buildings')).records[1] as Building;
    const all = (await state.get<{ records: Debt[] }>(`/api/binyan/debts?buildingId=${building.id}`)).records;
    const count = (c: string) => all.filter((d) => d.contactGuid === c).length;
    const payers = [...new Set(all.map((d) => d.contactGuid))].filter((c) => count(c) >= 2).sort((a, b) => count(a) - count(b));
    const contactGuid = payers[0] ?? '';
    debts = all.filter((d) => d.contactGuid === contactGuid);
    total = Math.round(debts.reduce((s, d) => s + d.amount * 100, 0)) / 100;
    payer = (await state.get<{ records: Contact[] }>(`/api/binyan/buildings/${building.id}/contacts`)).records.find((c) => c.id === contactGuid) as Contact;
    apartment = (await state.get<{ records: Apartment[] }>(`/api/binyan/buildings/${building.id}/apartments`)).records.find(
      (a) => a.id === payer.apartmentId,
    ) as Apartment;

    await index.navigateTo('checksIndex');
    await index.choose('building', building.name);
    await index.choose('apartment', text('he', 'checks', 'index.apartmentOption', { number: apartment.number, floor: apartment.floor }));
    await index.choose('contact', payer.fullName);
    await index.waitVisible(index.debts());
    await index.waitForCount(index.debts(), debts.length);
    await axeCheck(app.page);
    // Offline, the screens' chunks come from the service worker's precache.
    await waitForServiceWorkerControl(app.page);
  });

  it('images three checks offline for the debts (two or more)', async () => {
    await net.setOffline(true);
    for (const box of await index.debts().all()) await box.check();
    await index.payByChecks().click();
    await capture.waitForScreen();
    groupGuid = new URL(app.page.url()).searchParams.get('checksGroupId') ?? '';
    expect(groupGuid).not.toBe('');
    await axeCheck(app.page);
    for (const [i, amount] of ['100', '200', '1'].entries()) {
      if (i > 0) {
        await fill.addCheck().click();
        await capture.waitForScreen();
      }
      await capture.takePhoto(await checkPhoto(app.page, String(i + 1)));
      await capture.saveCheck(amount);
      await capture.skipBack();
      await fill.waitForScreen();
      await fill.waitVisible(fill.check(i + 1));
    }
    await fill.waitForCount(fill.checks(), 3);
    await expect.poll(() => storedCheckPhotos(app.page), { timeout: 15_000 }).toHaveLength(3);
    const sizes = await storedCheckPhotos(app.page);
    expect(sizes).toHaveLength(3);
    for (const [w, h] of sizes) expect(Math.max(w, h)).toBeGreaterThanOrEqual(1600);
    expect(state.count('SELECT COUNT(*) AS n FROM checks WHERE ChecksHeaderGuid = ?', groupGuid)).toBe(0);
  });

  it('warns about the total mismatch; the amount is fixed in the check', async () => {
    await fill.review().click();
    const warning = fill.dialog('review.mismatchTitle');
    await fill.waitVisible(warning);
    await axeCheck(app.page);
    await warning.getByRole('button', { name: fill.t('review.returnToEditing') }).click();
    await warning.waitFor({ state: 'hidden' });
    await fill.editAmount(3, String(Math.round((total - 300) * 100) / 100));
    await fill.review().click();
    await fill.waitVisible(fill.dialog('review.title'));
  });

  it('sends after reconnecting; "Not now" puts the deposit off while the check photos are on their way', async () => {
    photoFault = photosCannotGetThrough;
    await net.setOffline(false);
    await fill
      .dialog('review.title')
      .getByRole('button', { name: fill.t('review.send'), exact: true })
      .click();
    await fill.waitVisible(fill.button(fill.t('deposit.callMe')), 30_000);
    await fill.button(fill.t('deposit.later')).click();
    await fill.waitVisible(app.page.getByRole('link', { name: fill.t('deposit.laterHint') }));
    // The checks arrive; the payment is submitted only after its photos, which cannot get through.
    await state.until(
      'the checks on the server',
      () => (state.count('SELECT COUNT(*) AS n FROM checks WHERE ChecksHeaderGuid = ?', groupGuid) === 3 ? true : undefined),
      30_000,
    );
    expect(state.count("SELECT COUNT(*) AS n FROM check_groups WHERE ChecksHeaderGuid = ? AND Status = 'submitted'", groupGuid)).toBe(0);
    expect(state.count("SELECT COUNT(*) AS n FROM files WHERE parentType = 'checks'")).toBe(0);
  });

  it('finds the payment after a reload, waits for its photos, and confirms the deposit with the code', async () => {
    await app.page.reload();
    await index.navigateTo('checksIndex');
    await deposits.linkFromChecks(1).click();
    await deposits.waitForScreen();
    await deposits.waitForCount(deposits.payments(), 1);
    await axeCheck(app.page);
    await deposits.confirmLink(payer.fullName).click();
    await deposits.waitVisible(deposits.button(deposits.t('deposit.callMe')));

    // The signal is back, but the last photo is still on the wire when "Call me" is tapped: the deposit
    // waits for it, showing how many have arrived.
    const last = lastPhotoHeld();
    photoFault = last.fault;
    const mark = app.server.depositMark();
    await deposits.button(deposits.t('deposit.callMe')).click();
    await deposits.waitVisible(deposits.uploadProgress(2, 3), 30_000);
    await axeCheck(app.page);
    expect(app.server.depositMark()).toBe(mark);
    last.release();
    await deposits.waitVisible(deposits.codeInput(), 30_000);

    const code = await app.server.waitForDepositCode('avi', { since: mark });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await deposits.codeInput().fill(wrong);
    await deposits.button(deposits.t('deposit.confirm')).click();
    await deposits.waitVisible(app.page.getByRole('alert').filter({ hasText: text('he', 'errors', 'invalidCode') }));
    await deposits.codeInput().fill(code);
    await deposits.button(deposits.t('deposit.confirm')).click();
    await deposits.waitVisible(deposits.success('deposit.confirmed'));
    await state.until('checks sent to deposit', () =>
      state.count('SELECT COUNT(*) AS n FROM checks WHERE ChecksHeaderGuid = ? AND SentToDeposit = 1', groupGuid) === 3 ? true : undefined,
    );

    // Each call reached the server once.
    expect(state.count("SELECT COUNT(*) AS n FROM check_groups WHERE ChecksHeaderGuid = ? AND Status = 'submitted'", groupGuid)).toBe(1);
    expect(state.count("SELECT COUNT(*) AS n FROM idempotency_keys WHERE path LIKE '%submitChecksHeader%'")).toBe(1);
    expect(state.count("SELECT COUNT(*) AS n FROM idempotency_keys WHERE path LIKE '%finishScan%'")).toBe(1);
    expect(state.count("SELECT COUNT(*) AS n FROM idempotency_keys WHERE method = 'POST' AND path = '/api/binyan/check'")).toBe(4);
    expect(state.count("SELECT COUNT(*) AS n FROM files WHERE parentType = 'checks'")).toBe(3);
    const amounts = state.rows<{ Amount: number }>('SELECT Amount FROM checks WHERE ChecksHeaderGuid = ? ORDER BY Amount', groupGuid).map((r) => r.Amount);
    expect(Math.round(amounts.reduce((s, a) => s + a * 100, 0)) / 100).toBe(total);

    // Confirmed, it no longer waits.
    await app.page.getByRole('link', { name: deposits.t('deposits.backToList') }).click();
    await deposits.waitVisible(deposits.nothingToConfirm());
  });
});
