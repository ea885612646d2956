// Building life in the browser (issue 16): a tenant books the club room; a second tenant, whose calendar
// still showed the slot free, is refused by the server with "event overlaps" and sees it taken; the
// calendar stays readable offline from the last visit. Hebrew UI, phone viewport, axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocalDays, israelWallClock, wallClockDate } from '../../src/lib/dates';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, launchBrowser, waitForServiceWorkerControl } from './fixtures/browser';
import type { AppBrowser } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage, text } from './pages/LoginPage';
import { ShellLayoutPage } from './pages/ShellLayoutPage';
import { TenantRoomPage } from './pages/TenantRoomPage';

async function signIn(page: TestApp['page'], app: TestApp, userName: string): Promise<void> {
  const login = new LoginPage(page, app.baseUrl);
  await login.goto('/login');
  await login.signIn(
    { companyCode: '1001', userName, password: 'demo1234' },
    (since) => app.server.waitForOtp(userName, { since }),
    () => app.server.otpMark(),
  );
  const shell = new ShellLayoutPage(page, app.baseUrl);
  // The demo tenants have not approved the terms of use yet (server/src/seed/seedDocuments.ts).
  await shell.approveTerms();
  await shell.waitVisible(page.getByRole('button', { name: text('he', 'shell', 'menu.open') }));
}

/** The demo building's club room (server/src/seed/seedBuildingLife.ts). */
const CLUB_ROOM = 'חדר מועדון';

describe('room booking in the browser', () => {
  let app: TestApp;
  let second: AppBrowser;
  let state: ServerState;
  const tomorrow = () => addLocalDays(israelWallClock(new Date()).slice(0, 10), 1);
  const booked = () => state.count("SELECT COUNT(*) FROM room_bookings WHERE start = ? AND status = 'booked'", `${tomorrow()}T10:00`);

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    second = await launchBrowser();
    await signIn(app.page, app, 'moshe');
    await signIn(second.page, app, 'tali');
  });

  afterAll(async () => {
    state?.close();
    await second?.close();
    await app?.stop();
  });

  it('books a free slot for one tenant and refuses the same slot to another with "event overlaps"', async () => {
    const moshe = new TenantRoomPage(app.page, app.baseUrl);
    const tali = new TenantRoomPage(second.page, app.baseUrl);
    await tali.open();
    await tali.chooseRoom(CLUB_ROOM);
    await tali.nextDay();
    await tali.waitVisible(tali.bookButton('10:00', '11:00'));

    await moshe.open();
    await moshe.chooseRoom(CLUB_ROOM);
    await moshe.nextDay();
    await moshe.book('10:00', '11:00');
    await moshe.waitVisible(app.page.getByText(moshe.t('booked')));
    await moshe.waitVisible(moshe.cancelButton('10:00', '11:00'));
    expect(booked()).toBe(1);
    // The building's scheduled events are shown with their times; only staff and the committee add them.
    await moshe.waitVisible(app.page.getByRole('region', { name: moshe.t('events') }).getByText('יום ניקיון כללי'));
    expect(await moshe.button(moshe.t('addEvent')).count()).toBe(0);
    await axeCheck(app.page);

    // Tali's calendar was loaded before: the device lets her try, the server refuses.
    await tali.book('10:00', '11:00');
    await tali.waitVisible(second.page.getByText(text('he', 'errors', 'eventOverlaps')));
    await tali.waitVisible(tali.slotRow('10:00', '11:00').getByText(tali.t('taken')));
    expect(booked()).toBe(1);
    await axeCheck(second.page);
  });

  it('shows the calendar of the last visit with no connection, and says booking needs one', async () => {
    const moshe = new TenantRoomPage(app.page, app.baseUrl);
    await moshe.open();
    await waitForServiceWorkerControl(app.page);
    await goOffline(app.context);
    try {
      await moshe.reload();
      await moshe.waitVisible(app.page.getByText(moshe.t('bookingNeedsConnection')));
      await moshe.chooseRoom(CLUB_ROOM);
      await moshe.nextDay();
      await moshe.waitVisible(moshe.heading(wallClockDate(tomorrow()), 3));
      await moshe.waitVisible(moshe.slotRow('10:00', '11:00').getByText(moshe.t('yourBooking')));
      expect(await moshe.bookButton('12:00', '13:00').isDisabled()).toBe(true);
    } finally {
      await goOnline(app.context);
    }
  });

  // Last: Chromium keeps the tel: hand-off pending, which swallows later mouse input of that page.
  it('opens a gate of the building by a tel: link and records the request on the server', async () => {
    const gates = new ShellLayoutPage(second.page, app.baseUrl);
    await gates.goto('/gates');
    await gates.waitForRoute('gates');
    const open = gates.link(text('he', 'gates', 'open', { name: 'שער חניון' }));
    await gates.waitVisible(open);
    const phone = state.row<{ gatePhone: string }>("SELECT gatePhone FROM gates WHERE buildingId = 101 AND name = 'שער חניון'")?.gatePhone;
    expect(await open.getAttribute('href')).toBe(`tel:${phone ?? ''}`);
    expect(await gates.button(text('he', 'gates', 'addGate')).count()).toBe(0);
    await axeCheck(second.page);
    await open.click();
    await gates.waitVisible(second.page.getByText(text('he', 'gates', 'opened')));
    expect(state.count("SELECT COUNT(*) FROM gate_openings WHERE dialedFrom = '0545556677'")).toBe(1);
  });
});
