// /tenant-room: a room's day, its free and booked times, the booking and cancelling buttons.
import type { Locator } from 'playwright-core';
import { BasePage } from './BasePage';
import { text } from './LoginPage';

export class TenantRoomPage extends BasePage {
  lang = 'he';

  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'tenantRoom', key, values);
  }

  async open(): Promise<void> {
    await this.goto('/tenant-room');
    await this.waitVisible(this.heading(this.t('title'), 2));
  }

  async chooseRoom(name: string): Promise<void> {
    await this.page.getByRole('combobox', { name: this.t('room') }).selectOption({ label: name });
  }

  async nextDay(): Promise<void> {
    await this.button(this.t('nextDay')).click();
  }

  async chooseDay(day: string): Promise<void> {
    await this.page.getByLabel(this.t('day'), { exact: true }).fill(day);
  }

  bookButton(start: string, end: string): Locator {
    return this.button(this.t('bookAt', { span: this.t('span', { start, end }) }));
  }

  cancelButton(start: string, end: string): Locator {
    return this.button(this.t('cancelAt', { span: this.t('span', { start, end }) }));
  }

  slotRow(start: string, end: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: this.t('span', { start, end }) });
  }

  async book(start: string, end: string): Promise<void> {
    await this.waitVisible(this.bookButton(start, end));
    await this.bookButton(start, end).click();
  }

  /** The success or failure note after an action: read it, then let it close (it closes by itself). */
  async result(message: string): Promise<void> {
    const note = this.page.getByRole('status').filter({ hasText: message });
    await this.waitVisible(note);
    await note.waitFor({ state: 'hidden' });
  }

  /** Fills the room form (staff and the committee) and saves it. */
  async fillRoom(
    fields: Partial<Record<'roomName' | 'opensAt' | 'closesAt' | 'slotMinutes' | 'bufferMinutes' | 'maxDaysAhead' | 'maxFutureBookings' | 'feeNis', string>>,
  ): Promise<void> {
    const form = this.page.getByRole('dialog');
    for (const [key, value] of Object.entries(fields)) await form.getByLabel(this.t(key), { exact: true }).fill(value);
    await form.getByRole('button', { name: this.t('saveRoom') }).click();
  }

  /** Staff of several buildings choose one (the picker is shown only then). */
  /** Staff with several buildings pick one (the picker and its options may still be loading: selectOption waits). */
  async chooseBuilding(name: string): Promise<void> {
    await this.page.getByRole('combobox', { name: this.t('building') }).selectOption({ label: name });
  }

  async chooseBookFor(label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: this.t('bookFor') }).selectOption({ label });
  }
}
