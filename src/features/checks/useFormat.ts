// Amounts in NIS and dates as dd/mm/yyyy in the current UI language.
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../lib/dates';
import { formatNis } from '../../lib/money';
import type { FormatLocale } from '../../lib/money';

const locales: readonly FormatLocale[] = ['he', 'en', 'fr', 'ru'];

export function useFormat() {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language ?? 'he').slice(0, 2);
  const locale = locales.find((l) => l === language) ?? 'he';
  return { nis: (amount: number) => formatNis(amount, locale), date: (value: string | null | undefined) => formatDisplayDate(value) };
}
