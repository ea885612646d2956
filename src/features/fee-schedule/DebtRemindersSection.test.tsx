import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { defaultReminderRule } from '../../lib/domain/debtReminderRules';
import type { ReminderRule } from '../../lib/domain/debtReminderRules';
import { DebtRemindersSection } from './DebtRemindersSection';

const saved: ReminderRule[] = [];
// The server stands in for the repo's calls; the rule check before sending stays the real one.
vi.mock('./debtRemindersRepo', async () => ({
  buildingReminderRule: async () => saved.at(-1) ?? defaultReminderRule,
  saveReminderRule: async (_b: number, rule: ReminderRule) => {
    const { refuse } = await import('../../lib/validation/rules');
    const { validateReminderRule } = await import('../../lib/domain/debtReminderRules');
    refuse(validateReminderRule(rule));
    saved.push(rule);
    return rule;
  },
  buildingReminderLog: async () => [
    {
      reminderId: 'r1',
      apartmentNumber: '3',
      step: 0,
      amountAgorot: 32_050,
      createdAt: '2041-02-07T10:00:00Z',
      contactId: 'c1',
      contactName: 'Moshe Cohen',
      channel: 'sms',
      state: 'skipped',
      reason: 'optedOut',
      sentAt: null,
    },
  ],
}));

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

describe('DebtRemindersSection', () => {
  it('turns reminders on with the chosen channels and shows who was reminded and what came of it', async () => {
    render(<DebtRemindersSection buildingId={101} online />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Send reminders for past-due debts' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Then every (days)' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'SMS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the reminder rule' }));
    expect(await screen.findByText('The reminder rule is saved.')).toBeTruthy();
    expect(saved).toEqual([{ enabled: true, firstAfterDays: 7, everyDays: 10, maxCount: 3, channels: ['email', 'sms', 'push'] }]);
    expect(await screen.findByText('Moshe Cohen · apartment 3 · reminder 1')).toBeTruthy();
    expect(screen.getByText('Turned off by the tenant')).toBeTruthy();
  });

  it('shows the rule’s refusal at its field and sends nothing', async () => {
    saved.length = 0;
    render(<DebtRemindersSection buildingId={102} online />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'At most (reminders per debt)' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the reminder rule' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'At most (reminders per debt)' }).getAttribute('aria-invalid')).toBe('true'));
    expect(saved).toEqual([]);
  });
});
