// An EV-charging reading becomes the tenant's debt (issue 14, one ledger): the worker adds a charging
// station to the tenant's apartment and records a reading with its photo; the readings list shows what
// it charged the apartment and that it is unpaid; the tenant sees it on My apartment as a debt named by
// its month and kWh in the UI language: in Hebrew, then in English (left to right). axe-clean.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evChargeAgorot } from '../../src/lib/domain/evCharges';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage, text } from './pages/LoginPage';
import { MetersPage } from './pages/MetersPage';
import { ProfilePage } from './pages/ProfilePage';
import { ReadingsPage } from './pages/ReadingsPage';
import { TenantPage } from './pages/TenantPage';
import { drawnJpeg } from './pages/photoFile';

const avi = { companyCode: '1001', userName: 'avi', password: 'demo1234' };
const moshe = { companyCode: '1001', userName: 'moshe', password: 'demo1234' };
const STATION = 'EV-E2E-1';

/** A JPEG of the station's display. */
const displayPhoto = (page: Page) =>
  drawnJpeg(page, 'station.jpg', { width: 800, height: 600, background: '#e2e8f0', font: 'bold 120px monospace', texts: [{ text: '112.5', x: 120, y: 340 }] });

describe('an EV-charging reading is the tenant’s debt', () => {
  let app: TestApp;
  let state: ServerState;
  let login: LoginPage;
  let apartmentNumber = '';
  /** The reading's month as the debt names it, mm/yyyy. */
  const chargedMonth = () => {
    const day = state.row<{ date: string }>("SELECT date FROM ledger_entries WHERE sourceKind = 'evReading' AND createdBy <> 'seed'")?.date ?? '';
    return `${day.slice(5, 7)}/${day.slice(0, 4)}`;
  };
  const charges = () => state.count("SELECT COUNT(*) AS n FROM ledger_entries WHERE sourceKind = 'evReading' AND kind = 'charge' AND createdBy <> 'seed'");

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    login = new LoginPage(app.page, app.baseUrl);
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  const signInAs = (who: typeof avi) => login.signInOn(app.server, who);

  it('charges the apartment for a reading of its station, and the readings list says so', async () => {
    const apartment = state.row<{ id: string; number: string }>(
      "SELECT a.id, a.number FROM users u JOIN contacts c ON c.id = u.contactId JOIN apartments a ON a.id = c.apartmentId WHERE u.userName = 'moshe'",
    );
    apartmentNumber = apartment?.number ?? '';
    await signInAs(avi);
    const meters = new MetersPage(app.page, app.baseUrl);
    const readings = new ReadingsPage(app.page, app.baseUrl);
    await meters.open(101);
    await meters.addButton().click();
    const dialog = app.page.getByRole('dialog').filter({ has: app.page.locator('#add-meter-form') });
    await dialog.getByRole('radio', { name: meters.t('kind.evCharger') }).check();
    await dialog
      .getByLabel(meters.t('add.apartmentOptional'), { exact: true })
      .selectOption({ label: meters.t('meter.apartment', { number: apartmentNumber }) });
    await dialog.getByLabel(meters.t('add.number'), { exact: true }).fill(STATION);
    await dialog.getByLabel(meters.t('add.initial'), { exact: true }).fill('100');
    await dialog.getByRole('button', { name: meters.t('add.save') }).click();
    await meters.waitVisible(meters.card(STATION));

    await meters.openReadings(STATION);
    await readings.startNewReading();
    await readings.takePhoto(await displayPhoto(app.page));
    await readings.fillCurrent('112.5');
    await readings.waitVisible(readings.consumption().filter({ hasText: /\d/ }));
    await readings.save();
    await readings.waitVisible(readings.successDialog('reading.saved'));
    await state.until('the reading’s charge in the ledger', () => (charges() === 1 ? true : undefined));
    const row = state.row<{ amountAgorot: number; apartmentId: string; debtKind: string }>(
      "SELECT amountAgorot, apartmentId, debtKind FROM ledger_entries WHERE sourceKind = 'evReading' AND createdBy <> 'seed'",
    );
    expect(row).toEqual({ amountAgorot: evChargeAgorot(100, 112.5, 0.62), apartmentId: apartment?.id, debtKind: 'special' });

    // Opening the counter again reads its readings from the server, each with its charge.
    await meters.open(101);
    await meters.openReadings(STATION);
    const reading = readings.readings().first();
    await readings.waitVisible(reading.getByText(new RegExp(`^${readings.t('reading.charged', { apartment: apartmentNumber, amount: '' })}`)));
    await readings.waitVisible(reading.getByText(readings.t('reading.unpaid'), { exact: true }));
    await axeCheck(app.page);

    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.logout();
    await login.waitForForm();
  });

  it('shows the tenant the debt named by its month and kWh', async () => {
    await signInAs(moshe);
    const tenant = new TenantPage(app.page, app.baseUrl);
    await tenant.approveTerms();
    await tenant.waitVisible(tenant.homeHeading());
    const name = text('he', 'ledger', 'text.evCharging', { month: chargedMonth(), kwh: '12.5' });
    await tenant.waitVisible(app.page.getByText(name, { exact: true }));
    await axeCheck(app.page);
  });

  it('names the same debt in English once the tenant switches language', async () => {
    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.switchLanguage('en');
    await profile.expectDocumentDirection({ lang: 'en', dir: 'ltr' });
    const tenant = new TenantPage(app.page, app.baseUrl);
    tenant.lang = 'en';
    await tenant.navigateTo('myApartment');
    await tenant.waitVisible(tenant.heading(tenant.t('debtGroups.special'), 3));
    await tenant.waitVisible(app.page.getByText(`EV charging ${chargedMonth()} · 12.5 kWh`, { exact: true }));
    await axeCheck(app.page);
  });
});
