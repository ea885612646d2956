// Number formats of spec section 9: shekel currency (NIS), square metres and plain numbers.
// The locale follows the UI language; the currency is always ILS.

export type FormatLocale = 'he' | 'en' | 'fr' | 'ru';

function intlLocale(locale: FormatLocale): string {
  return `${locale}-IL`;
}

export function formatNis(amount: number, locale: FormatLocale = 'he'): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'ILS', maximumFractionDigits: 2 }).format(amount);
}

export function formatNumber(value: number, locale: FormatLocale = 'he', maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits }).format(value);
}
