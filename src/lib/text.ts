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

/**
 * Text as filters and search compare it: case folded, Hebrew points and cantillation removed, the
 * geresh/gershayim and quotes dropped (צה"ל = צהל), runs of spaces collapsed.
 */
export function normalizeForSearch(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0591-\u05C7]/g, '')
    .replace(/["'׳״`]/g, '')
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A left-to-right run (times, dates, phone numbers) inside a sentence of any direction: wrapped in the
 * Unicode isolate marks, so '08:00–22:00' does not turn into '22:00–08:00' in a Hebrew sentence.
 */
export function ltr(value: string): string {
  return `\u2066${value}\u2069`;
}

/**
 * `text.includes(part)` for a search that tests thousands of short texts: V8 prepares a Boyer–Moore
 * search for every call with a longer `part`, which costs more than the search itself here.
 */
export function containsText(text: string, part: string): boolean {
  if (part.length < 3) return text.includes(part);
  const head = part.slice(0, 2);
  for (let at = text.indexOf(head); at !== -1; at = text.indexOf(head, at + 1)) if (text.startsWith(part, at)) return true;
  return false;
}
