import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { ContactIconGroup } from './ContactIconGroup';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

describe('ContactIconGroup', () => {
  it('links mail, phone, WhatsApp with 972 instead of the leading 0, and SMS', () => {
    render(<ContactIconGroup name="Dana" email="dana@example.com" phone="050-123-4567" />);
    expect(screen.getByRole('link', { name: 'E-mail Dana' }).getAttribute('href')).toBe('mailto:dana@example.com');
    expect(screen.getByRole('link', { name: 'Call Dana' }).getAttribute('href')).toBe('tel:0501234567');
    expect(screen.getByRole('link', { name: 'WhatsApp Dana' }).getAttribute('href')).toBe('https://wa.me/972501234567');
    expect(screen.getByRole('link', { name: 'Text Dana' }).getAttribute('href')).toBe('sms:0501234567');
  });

  it('shows only what the contact has', () => {
    const { rerender, container } = render(<ContactIconGroup name="Avi" email="avi@example.com" />);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    rerender(<ContactIconGroup name="Avi" />);
    expect(container.innerHTML).toBe('');
  });

  it('offers only the ways asked for (a committee member’s consent)', () => {
    render(<ContactIconGroup name="Rina" email="rina@example.com" phone="0523334455" kinds={['whatsapp', 'sms']} />);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('aria-label'))).toEqual(['WhatsApp Rina', 'Text Rina']);
  });
});
