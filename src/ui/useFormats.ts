// Number, money and time formats of every screen (spec 9: NIS, dd/mm/yyyy), in the UI language.
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '../i18n/languages';
import type { LanguageCode } from '../i18n/languages';
import { formatDisplayDate, formatDisplayDateTime, formatDisplayTime, formatMonthName } from '../lib/dates';
import { nisOf } from '../lib/agorot';
import { formatNis, formatNumber } from '../lib/money';

export type Formats = {
  locale: LanguageCode;
  kwh(value: number): string;
  number(value: number): string;
  nis(value: number): string;
  /** An amount in whole agorot (the ledger's unit), shown in shekels. */
  agorot(value: number): string;
  date(value: string | null | undefined): string;
  dateTime(value: string | null | undefined): string;
  /** 24-hour time of an instant (ISO text or epoch milliseconds). */
  time(value: string | number | null | undefined, options?: { seconds?: boolean }): string;
  monthName(date: Date): string;
};

export function useFormats(): Formats {
  const { i18n } = useTranslation();
  const locale: LanguageCode = isLanguageCode(i18n.language) ? i18n.language : 'he';
  return {
    locale,
    kwh: (value) => formatNumber(value, locale, 3),
    number: (value) => formatNumber(value, locale, 3),
    nis: (value) => formatNis(value, locale),
    agorot: (value) => formatNis(nisOf(value), locale),
    date: (value) => formatDisplayDate(value),
    dateTime: (value) => formatDisplayDateTime(value),
    time: (value, options) => formatDisplayTime(value, options),
    monthName: (date) => formatMonthName(date, locale),
  };
}
