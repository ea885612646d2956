import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { initI18n } from '../../i18n/i18n';
import { resetDb } from '../../sync/testing/setup';
import { FeedbackScreen } from './FeedbackScreen';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
beforeEach(async () => {
  await resetDb();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
});

describe('FeedbackScreen', () => {
  it('shows the translated validation message of a short message and sends nothing', async () => {
    render(<FeedbackScreen />);
    fireEvent.click(screen.getByRole('radio', { name: '4 of 5' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: 'too short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Description must be at least 10 characters')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Your message' }).getAttribute('aria-invalid')).toBe('true');
    expect(await db.outbox.count()).toBe(0);
  });

  it('asks for a rating first', async () => {
    render(<FeedbackScreen />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: 'A long enough message' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Required field')).toBeTruthy();
  });

  it('saves offline and says it will be sent', async () => {
    render(<FeedbackScreen />);
    fireEvent.click(screen.getByRole('radio', { name: '5 of 5' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: 'Works great in the basement' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'You may contact me about this feedback' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(screen.getAllByText('Saved on device, will be sent when you are back online').length).toBeGreaterThan(0));
    expect(await db.outbox.toArray()).toMatchObject([
      { request: { path: 'feedback' }, payload: { rating: 5, message: 'Works great in the basement', mayContact: true } },
    ]);
  });
});
