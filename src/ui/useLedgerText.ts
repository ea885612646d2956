// A ledger row's description in the UI language (issue 14): rows the system posted carry a message key
// and params (src/lib/domain/ledgerText.ts) and are rendered here; rows a person typed, and rows of an
// unknown key, show their stored text.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../lib/dates';
import { formatNumber } from '../lib/money';
import { isLedgerTextKey } from '../lib/domain/ledgerText';
import { useFormats } from './useFormats';

export type DescribedRow = { description: string; descriptionKey?: string | null; descriptionParams?: Record<string, string> | null };

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

const numberPattern = /^\d+(\.\d+)?$/;

export function useLedgerText(): (row: DescribedRow) => string {
  const { t } = useTranslation('ledger');
  const { locale } = useFormats();
  return useCallback(
    (row: DescribedRow) => {
      if (!isLedgerTextKey(row.descriptionKey)) return row.description;
      const params = { ...(row.descriptionParams ?? {}) };
      // A standing order's period is its billing date: dd/mm/yyyy like every date on screen.
      for (const [k, v] of Object.entries(params)) if (datePattern.test(v)) params[k] = formatDisplayDate(v);
      // An EV charge's kWh in the language's digits and decimal separator.
      if (params.kwh && numberPattern.test(params.kwh)) params.kwh = formatNumber(Number(params.kwh), locale, 3);
      const variant =
        row.descriptionKey === 'checkGroup' && !params.batch
          ? 'checkGroupNoBatch'
          : row.descriptionKey === 'refund' && !params.receipt
            ? 'refundNoReceipt'
            : row.descriptionKey;
      return t(`text.${variant}`, params);
    },
    [t, locale],
  );
}
