// Dates typed and picked the spec's way (§5, §9: dd/mm/yyyy in every language, weeks from Sunday) on the
// shared date field, here the due date of a quick charge (/add-money): in Hebrew (right to left) the
// arrows follow the page's direction; in English a day the calendar does not have is refused in words
// and kept as typed, the calendar opens and picks with the keyboard. The ledger gets the ISO date.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Apartment, Building } from '../../src/lib/domain/entities';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { AddMoneyPage } from './pages/AddMoneyPage';
import { LoginPage, text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';

const miri = { companyCode: '1001', userName: 'miri', password: 'demo1234' };

describe('the shared date field in English and Hebrew', () => {
  let app: TestApp;
  let state: ServerState;
  let page: AddMoneyPage;
  let profile: ProfilePage;
  let buildingName: string;
  let apartmentNumber: string;
  const dueDateOf = (description: string) => state.row<{ dueDate: string }>('SELECT dueDate FROM ledger_entries WHERE description = ?', description)?.dueDate;

  // A fresh app per language: a second charge of one session can wait behind the first one's outbox
  // entry, which keeps being re-sent after the server has it (reported to the lead; not a date matter).
  beforeEach(async () => {
    app = await startApp();
    state = openServerState(app.server);
    page = new AddMoneyPage(app.page, app.baseUrl);
    profile = new ProfilePage(app.page, app.baseUrl);
    const login = new LoginPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      miri,
      (since) => app.server.waitForOtp('miri', { since }),
      () => app.server.otpMark(),
    );
    await page.waitForRoute('dashboard');
    buildingName = (await state.get<{ records: Building[] }>('/api/binyan/buildings')).records.find((b) => b.id === 101)?.name ?? '';
    const apartmentId = state.row<{ apartmentId: string }>(
      "SELECT c.apartmentId FROM users u JOIN contacts c ON c.id = u.contactId WHERE u.userName = 'moshe'",
    )?.apartmentId;
    apartmentNumber = String(
      (await state.get<{ records: Apartment[] }>('/api/binyan/buildings/101/apartments')).records.find((a) => a.id === apartmentId)?.number ?? '',
    );
  });
  afterEach(async () => {
    state?.close();
    await app?.stop();
  });

  async function openCharge(lang: 'en' | 'he', description: string): Promise<void> {
    // The demo starts in Hebrew.
    if (page.lang !== lang) {
      await profile.navigateTo('userProfile');
      await profile.switchLanguage(lang);
      page.lang = lang;
    }
    await page.navigateTo('addMoney');
    await page.choose('building', buildingName);
    const apartment = page.t('apartmentOption', { number: apartmentNumber });
    await page.waitForCount(app.page.getByRole('option', { name: apartment, exact: true }), 1);
    await page.choose('apartment', apartment);
    await page.textbox(page.t('description')).fill(description);
    await page.textbox(page.t('amount')).fill('12');
  }

  it('in Hebrew: 1/1/27 reads as 01/01/2027; the calendar names the days in Hebrew, the left arrow is the next day', async () => {
    const description = 'Date field round, Hebrew';
    await openCharge('he', description);

    await page.dueDate().fill('1/1/27');
    await page.dueDate().press('Tab');
    await page.expectValue(page.dueDate(), '01/01/2027');
    await page.calendarButton().press('Enter');
    await page.waitVisible(page.calendar());
    const days = await page
      .calendar()
      .getByRole('columnheader')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('abbr')));
    expect(days[0]).toBe('יום ראשון');
    expect(days[6]).toBe('יום שבת');
    await page.expectFocused(page.day('יום שישי 01/01/2027'));
    await axeCheck(app.page);

    await app.page.keyboard.press('ArrowLeft');
    await page.expectFocused(page.day('יום שבת 02/01/2027'));
    // Escape closes without a change; Enter on a day picks it.
    await app.page.keyboard.press('Escape');
    await page.waitForCount(page.calendar(), 0);
    await page.expectValue(page.dueDate(), '01/01/2027');
    await page.expectFocused(page.dueDate());
    await page.calendarButton().press('Enter');
    await page.expectFocused(page.day('יום שישי 01/01/2027'));
    await app.page.keyboard.press('ArrowLeft');
    await app.page.keyboard.press('Enter');
    await page.expectValue(page.dueDate(), '02/01/2027');

    await page.save().click();
    await page.waitVisible(app.page.getByText(page.t('saved')));
    await state.until('the charge in the ledger', () => dueDateOf(description));
    expect(dueDateOf(description)).toBe('2027-01-02');
  });

  it('in English: refuses 31/02/2026 in words and keeps it, then picks 31/12/2026 on the calendar with the keyboard', async () => {
    const description = 'Date field round, English';
    await openCharge('en', description);

    await page.dueDate().fill('31/02/2026');
    await page.dueDate().press('Tab');
    await page.waitVisible(app.page.getByText(text('en', 'common', 'dateField.impossible', { text: '31/02/2026' })));
    await page.expectValue(page.dueDate(), '31/02/2026');
    await page.expectAttribute(page.dueDate(), 'aria-invalid', 'true');
    // Saving is stopped on the field itself: the typed text stays and nothing is charged.
    await page.save().click();
    await page.expectFocused(page.dueDate());
    await page.expectValue(page.dueDate(), '31/02/2026');
    expect(dueDateOf(description)).toBeUndefined();

    await page.dueDate().fill('30/12/2026');
    await page.dueDate().press('Tab');
    await page.expectFocused(page.calendarButton());
    await app.page.keyboard.press('Enter');
    await page.waitVisible(page.calendar());
    await page.waitVisible(page.calendar().getByText('December 2026'));
    const days = await page
      .calendar()
      .getByRole('columnheader')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('abbr')));
    expect(days).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    await page.expectFocused(page.day('Wednesday 30/12/2026'));
    await page.expectAttribute(page.day('Wednesday 30/12/2026'), 'aria-pressed', 'true');
    await axeCheck(app.page);

    await app.page.keyboard.press('ArrowRight');
    await page.expectFocused(page.day('Thursday 31/12/2026'));
    await app.page.keyboard.press('Enter');
    await page.waitForCount(page.calendar(), 0);
    await page.expectValue(page.dueDate(), '31/12/2026');
    await page.expectFocused(page.dueDate());

    await page.save().click();
    await page.waitVisible(app.page.getByText(page.t('saved')));
    await state.until('the charge in the ledger', () => dueDateOf(description));
    expect(dueDateOf(description)).toBe('2026-12-31');
  });
});
