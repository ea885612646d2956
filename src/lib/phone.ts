// Phone rules of spec section 5: inputs keep digits only; the phone helper uses the last 10 digits;
// WhatsApp needs the country code, so a leading 0 becomes 972.
import { digitsOnly } from './validation/rules.ts';

export { digitsOnly };

export const PHONE_DIGITS = 10;
export const ISRAEL_COUNTRY_CODE = '972';

/** WhatsApp wants international form: 050-1234567 → 972501234567; other numbers stay as digits. */
export function toWhatsAppNumber(value: string): string {
  const digits = digitsOnly(value);
  return digits.startsWith('0') ? `${ISRAEL_COUNTRY_CODE}${digits.slice(1)}` : digits;
}

export function telHref(value: string): string {
  return `tel:${digitsOnly(value)}`;
}

export function smsHref(value: string): string {
  return `sms:${digitsOnly(value)}`;
}

export function whatsAppHref(value: string): string {
  return `https://wa.me/${toWhatsAppNumber(value)}`;
}
