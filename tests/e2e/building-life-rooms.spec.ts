// Rooms in the browser (issue 16): a tenant books the roof, whose fee becomes a debt of the apartment
// they see on the pay screen and the home screen; on the day of a booking the app offers to ask the
// management company to cancel it; staff (in English) add a room, are refused bad hours without losing
// what they typed, book a time for an apartment and see the tenant's request. Phone viewport, axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallMinutes } from '../../src/lib/domain/bookingRules';
import { addLocalDays, israelWallClock } from '../../src/lib/dates';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, launchBrowser } from './fixtures/browser';
import type { AppBrowser } from './fixtures/browser';
import { photoFile } from './fixtures/images';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage, text } from './pages/LoginPage';
import { MessagesPage } from './pages/MessagesPage';
import { ProfilePage } from './pages/ProfilePage';
import { ShellLayoutPage } from './pages/ShellLayoutPage';
import { TenantRoomPage } from './pages/TenantRoomPage';

async function signIn(page: TestApp['page'], app: TestApp, userName: string, tenant: boolean): Promise<void> {
  const login = new LoginPage(page, app.baseUrl);
  await login.goto('/login');
  await login.signIn(
    { companyCode: '1001', userName, password: 'demo1234' },
    (since) => app.server.waitForOtp(userName, { since }),
    () => app.server.otpMark(),
  );
  const shell = new ShellLayoutPage(page, app.baseUrl);
  // The demo tenants have not approved the terms of use yet (server/src/seed/seedDocuments.ts).
  if (tenant) await shell.approveTerms();
  await shell.waitVisible(page.getByRole('button', { name: text('he', 'shell', 'menu.open') }));
}

/** The instant at which the building's wall clock reads `wall` ('yyyy-mm-ddTHH:MM'). */
function instantOf(wall: string): Date {
  const guess = new Date(`${wall}:00Z`);
  return new Date(guess.getTime() - (wallMinutes(israelWallClock(guess)) - wallMinutes(wall)) * 60_000);
}

const ROOF = 'גג משותף';
const CLUB_ROOM = 'חדר מועדון';

describe('rooms with a fee, late cancellation and staff bookings', () => {
  let app: TestApp;
  let staff: AppBrowser;
  let state: ServerState;
  const tomorrow = () => addLocalDays(israelWallClock(new Date()).slice(0, 10), 1);
  const mosheApartment = () =>
    state.row<{ apartmentId: string; number: string }>(
      "SELECT c.apartmentId, a.number FROM users u JOIN contacts c ON c.id = u.contactId JOIN apartments a ON a.id = c.apartmentId WHERE u.userName = 'moshe'",
    );

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    staff = await launchBrowser();
    await signIn(app.page, app, 'moshe', true);
    await signIn(staff.page, app, 'miri', false);
  });

  afterAll(async () => {
    state?.close();
    await staff?.close();
    await app?.stop();
  });

  it('charges the roof’s fee to the tenant’s apartment: a debt to pay on the pay screen and the home screen', async () => {
    const moshe = new TenantRoomPage(app.page, app.baseUrl);
    await moshe.open();
    await moshe.chooseRoom(ROOF);
    await moshe.nextDay();
    await moshe.book('10:00', '12:00');
    await moshe.result(moshe.t('bookedWithFee', { fee: '' }).split('.')[0] ?? '');
    const row = moshe.slotRow('10:00', '12:00');
    await moshe.waitVisible(row.getByText(moshe.t('yourBooking')));
    const pay = row.getByRole('link', { name: moshe.t('payFee') });
    await moshe.waitVisible(pay);
    expect(state.count("SELECT COUNT(*) FROM ledger_entries WHERE sourceKind = 'roomBooking' AND kind = 'charge' AND amountAgorot = 15000")).toBe(1);
    await axeCheck(app.page);

    await pay.click();
    await moshe.waitVisible(app.page.getByText(new RegExp(`${ROOF} .*10:00–12:00`)).first());
    await moshe.goto('/');
    await moshe.waitVisible(app.page.getByText(new RegExp(`${ROOF} .*10:00–12:00`)).first());
  });

  it('offers, on the day of a booking, to ask the management company to cancel it', async () => {
    const moshe = new TenantRoomPage(app.page, app.baseUrl);
    await moshe.open();
    await moshe.chooseRoom(CLUB_ROOM);
    await moshe.nextDay();
    await moshe.book('18:00', '19:00');
    await moshe.result(moshe.t('booked'));

    // The device's clock on the morning of the booking: the app no longer cancels it by itself.
    await app.page.clock.setFixedTime(instantOf(`${tomorrow()}T08:00`));
    await moshe.open();
    await moshe.chooseRoom(CLUB_ROOM);
    await moshe.cancelButton('18:00', '19:00').click();
    const dialog = app.page.getByRole('alertdialog', { name: moshe.t('lateCancelTitle') });
    await moshe.waitVisible(dialog.getByText(moshe.t('lateCancelMessage')));
    await axeCheck(app.page);
    await dialog.getByRole('button', { name: moshe.t('askCompanyToCancel') }).click();
    await moshe.result(moshe.t('cancelRequested'));
    await moshe.waitVisible(moshe.slotRow('18:00', '19:00').getByText(moshe.t('cancelRequestedState')));
    expect(
      state.count("SELECT COUNT(*) FROM room_bookings WHERE start = ? AND status = 'booked' AND cancelRequestedBy = 'משה פרץ'", `${tomorrow()}T18:00`),
    ).toBe(1);
  });

  it('lets staff add a room, refusing bad hours without losing what was typed, and book it for an apartment', async () => {
    const profile = new ProfilePage(staff.page, app.baseUrl);
    const miri = new TenantRoomPage(staff.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.switchLanguage('en');
    miri.lang = 'en';
    await miri.open();
    await miri.chooseBuilding(state.row<{ name: string }>('SELECT name FROM buildings WHERE id = 101')?.name ?? '');
    // Moshe's request from the test above is in the company's list.
    await miri.waitVisible(staff.page.getByText(miri.t('cancelRequestedBy', { by: 'משה פרץ', at: '' }).split('(')[0]?.trim() ?? ''));

    await miri.button(miri.t('addRoom')).click();
    await miri.fillRoom({ roomName: 'Gym', opensAt: '20:00', closesAt: '08:00', feeNis: '25' });
    await miri.waitVisible(staff.page.getByText(text('en', 'errors', 'startMustBeBeforeEnd')));
    await miri.expectValue(staff.page.getByRole('dialog').getByLabel(miri.t('roomName'), { exact: true }), 'Gym');
    await axeCheck(staff.page);
    await miri.fillRoom({ opensAt: '06:00', closesAt: '23:00' });
    await miri.result(miri.t('roomSaved'));
    await miri.expectValue(
      staff.page.getByRole('combobox', { name: miri.t('room') }),
      state.row<{ id: string }>("SELECT id FROM rooms WHERE name = 'Gym'")?.id ?? '',
    );

    const apartment = mosheApartment();
    await miri.nextDay();
    await miri.expectDisabled(miri.bookButton('09:00', '10:00'), true);
    await miri.chooseBookFor(text('en', 'tenantRoom', 'apartmentNumber', { number: apartment?.number ?? '' }));
    await miri.book('09:00', '10:00');
    await miri.result(miri.t('bookedWithFee', { fee: '' }).split('.')[0] ?? '');
    await miri.waitVisible(miri.slotRow('09:00', '10:00').getByText(miri.t('taken')));
    expect(
      state.count(
        "SELECT COUNT(*) FROM room_bookings b JOIN rooms r ON r.id = b.roomId WHERE r.name = 'Gym' AND b.apartmentId = ? AND b.feeAgorot = 2500",
        apartment?.apartmentId,
      ),
    ).toBe(1);
    expect(
      state.count("SELECT COUNT(*) FROM ledger_entries WHERE apartmentId = ? AND description LIKE 'Gym %' AND amountAgorot = 2500", apartment?.apartmentId),
    ).toBe(1);
    await axeCheck(staff.page);
  });

  it('marks new announcements in the menu until the tenant has seen the board, which shows the message’s image', async () => {
    const compose = new MessagesPage(staff.page, app.baseUrl);
    compose.lang = 'en';
    await compose.open();
    await compose.compose({
      subject: 'Elevator service on Sunday',
      body: 'The elevator is out of service on Sunday 08:00–10:00.',
      owners: true,
      channels: ['email'],
    });
    await staff.page.getByLabel(compose.t('image'), { exact: true }).setInputFiles(photoFile(16));
    await axeCheck(staff.page);
    await compose.send();
    await compose.waitVisible(staff.page.getByText(compose.t('sent')));

    const shell = new ShellLayoutPage(app.page, app.baseUrl);
    await app.page.clock.setFixedTime(new Date());
    await shell.goto('/tenant-room');
    const owners = state.count('SELECT COUNT(*) FROM messages WHERE buildingId = 101 AND owners = true');
    await shell.openMenu();
    const menu = app.page.getByRole('navigation', { name: text('he', 'shell', 'menu.title') });
    const link = menu.getByRole('link', { name: text('he', 'routes', 'announcements') });
    await shell.waitVisible(link.getByText(text('he', 'messages', 'unread', { count: owners })));
    await axeCheck(app.page);
    await link.click();
    await shell.waitVisible(app.page.getByRole('heading', { name: 'Elevator service on Sunday' }));
    // The image, re-encoded by the server, is shown with the message (it loaded: it has a size).
    const image = app.page.getByRole('img', { name: text('he', 'messages', 'imageOf', { subject: 'Elevator service on Sunday' }) });
    await shell.waitVisible(image);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(
      state.count(
        "SELECT COUNT(*) FROM messages m JOIN files f ON f.id = m.imageId WHERE m.subject = 'Elevator service on Sunday' AND f.parentType = 'messages'",
      ),
    ).toBe(1);
    await shell.openMenu();
    await shell.waitVisible(link);
    await link.getByText(text('he', 'messages', 'unread', { count: owners })).waitFor({ state: 'detached' });
  });
});
