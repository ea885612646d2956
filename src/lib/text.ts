// Text detection helpers of spec section 5 (e-mail pattern; Hebrew, Russian or Latin script).
import { isValidEmail } from './validation/rules.ts';

export function isEmail(value: string): boolean {
  return isValidEmail(value);
}

export function hasHebrew(value: string): boolean {
  return /[\u0590-\u05FF]/.test(value);
}

export function hasRussian(value: string): boolean {
  return /[\u0400-\u04FF]/.test(value);
}

/** Basic Latin letters plus the accented letters French uses. */
export function hasLatin(value: string): boolean {
  return /[A-Za-z\u00C0-\u024F]/.test(value);
}

export function mailtoHref(address: string): string {
  return `mailto:${address.trim()}`;
}
