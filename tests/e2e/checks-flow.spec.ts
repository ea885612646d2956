// Check payment in a basement: three checks imaged offline for two debts, the total-mismatch warning,
// the amount fixed, sent after reconnecting (each call applied once), and the deposit confirmed with
// the code from the server log.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { ChecksCapturePage } from './pages/ChecksCapturePage';
import { ChecksFillPage } from './pages/ChecksFillPage';
import { ChecksIndexPage } from './pages/ChecksIndexPage';
import { LoginPage, text } from './pages/LoginPage';
import { drawnJpeg } from './pages/photoFile';

const avi = { companyCode: '1001', userName: 'avi', password: 'demo1234' };
type Building = { id: number; name: string };
type Debt = { id: string; contactGuid: string; apartmentId: string; amount: number };
type Contact = { id: string; fullName: string; apartmentId: string | null };
type Apartment = { id: string; number: string; floor: number };

/** A distinct 4000×1800 JPEG of a check (a phone camera's size). */
const checkPhoto = (page: Page, label: string) =>
  drawnJpeg(page, `check-${label}.jpg`, { width: 4000, height: 1800, background: '#fefce8', ink: '#1e293b', font: 'bold 200px serif', texts: [{ text: `Check ${label}`, x: 200, y: 500 }, { text: '12-600-123456', x: 200, y: 1500 }] });

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

describe('check payment offline, sent once, deposit confirmed', () => {
  let app: TestApp;
  let state: ServerState;
  let index: ChecksIndexPage;
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
    index = new ChecksIndexPage(app.page, app.baseUrl);
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
    await login.signIn(avi, (since) => app.server.waitForOtp('avi', { since }), () => app.server.otpMark());
    await index.waitForRoute('dashboard');
    building = (await state.get<{ records: Building[] }>('/api/binyan/buildings')).records[1] as Building;
    const all = (await state.get<{ records: Debt[] }>(`/api/binyan/debts?buildingId=${building.id}`)).records;
    const count = (c: string) => all.filter((d) => d.contactGuid === c).length;
    const payers = [...new Set(all.map((d) => d.contactGuid))].filter((c) => count(c) >= 2).sort((a, b) => count(a) - count(b));
    const contactGuid = payers[0] ?? '';
    debts = all.filter((d) => d.contactGuid === contactGuid);
    total = Math.round(debts.reduce((s, d) => s + d.amount * 100, 0)) / 100;
    payer = (await state.get<{ records: Contact[] }>(`/api/binyan/buildings/${building.id}/contacts`)).records.find((c) => c.id === contactGuid) as Contact;
    apartment = (await state.get<{ records: Apartment[] }>(`/api/binyan/buildings/${building.id}/apartments`)).records.find((a) => a.id === payer.apartmentId) as Apartment;

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
    await goOffline(app.context);
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

  it('sends after reconnecting: the group, its checks and images reach the server once', async () => {
    await goOnline(app.context);
    await fill.dialog('review.title').getByRole('button', { name: fill.t('review.send'), exact: true }).click();
    await fill.waitVisible(fill.button(fill.t('deposit.callMe')), 30_000);
    await state.until('the payment submitted', () => (state.count("SELECT COUNT(*) AS n FROM check_groups WHERE ChecksHeaderGuid = ? AND Status = 'submitted'", groupGuid) === 1 ? true : undefined), 30_000);
    expect(state.count('SELECT COUNT(*) AS n FROM checks WHERE ChecksHeaderGuid = ?', groupGuid)).toBe(3);
    expect(state.count("SELECT COUNT(*) AS n FROM idempotency_keys WHERE path LIKE '%submitChecksHeader%'")).toBe(1);
    expect(state.count("SELECT COUNT(*) AS n FROM idempotency_keys WHERE path LIKE '%finishScan%'")).toBe(1);
    expect(state.count("SELECT COUNT(*) AS n FROM idempotency_keys WHERE method = 'POST' AND path = '/api/binyan/check'")).toBe(4);
    await state.until('the images uploaded', () => (state.count("SELECT COUNT(*) AS n FROM files WHERE parentType = 'checks'") === 3 ? true : undefined), 30_000);
    const amounts = state.rows<{ Amount: number }>('SELECT Amount FROM checks WHERE ChecksHeaderGuid = ? ORDER BY Amount', groupGuid).map((r) => r.Amount);
    expect(Math.round(amounts.reduce((s, a) => s + a * 100, 0)) / 100).toBe(total);
  });

  it('confirms the deposit with the last 6 digits of the calling number', async () => {
    const mark = app.server.depositMark();
    await fill.button(fill.t('deposit.callMe')).click();
    await fill.waitVisible(fill.codeInput(), 30_000);
    const code = await app.server.waitForDepositCode('avi', { since: mark });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await fill.codeInput().fill(wrong);
    await fill.button(fill.t('deposit.confirm')).click();
    await fill.waitVisible(app.page.getByRole('alert').filter({ hasText: text('he', 'errors', 'invalidCode') }));
    await fill.codeInput().fill(code);
    await fill.button(fill.t('deposit.confirm')).click();
    await fill.waitVisible(fill.success('deposit.confirmed'));
    await state.until('checks sent to deposit', () => (state.count('SELECT COUNT(*) AS n FROM checks WHERE ChecksHeaderGuid = ? AND SentToDeposit = 1', groupGuid) === 3 ? true : undefined));
  });
});
