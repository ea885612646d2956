import { describe, expect, it } from 'vitest';
import { digitsOnly, smsHref, telHref, toWhatsAppNumber, whatsAppHref } from './phone';

describe('phone helpers', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('050-123 45(67)')).toBe('0501234567');
  });
  it('turns a leading 0 into 972 for WhatsApp', () => {
    expect(toWhatsAppNumber('050-1234567')).toBe('972501234567');
    expect(toWhatsAppNumber('972501234567')).toBe('972501234567');
    expect(whatsAppHref('0501234567')).toBe('https://wa.me/972501234567');
  });
  it('builds tel and sms links from digits', () => {
    expect(telHref('050 1234567')).toBe('tel:0501234567');
    expect(smsHref('050-1234567')).toBe('sms:0501234567');
  });
});
