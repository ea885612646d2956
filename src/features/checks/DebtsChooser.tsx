import { useTranslation } from 'react-i18next';
import { debtAge, debtKindOn, israelToday } from '../../lib/domain/debtAge';
import type { Debt } from '../../lib/domain/entities';
import { EmptyState } from '../../ui/EmptyState';
import { useFormats } from '../../ui/useFormats';
import { useLedgerText } from '../../ui/useLedgerText';
import styles from './Checks.module.css';

type Props = { debts: readonly Debt[]; chosen: readonly string[]; total: number; onToggle(id: string): void };

/** The payer's open debts to pay by checks, with the chosen total. */
export function DebtsChooser({ debts, chosen, total, onToggle }: Props) {
  const { t } = useTranslation('checks');
  const f = useFormats();
  const ledgerText = useLedgerText();
  // The kind the device stored was the server's on the day it synced: the age is worked out again for today.
  const today = israelToday(new Date());
  if (debts.length === 0) return <EmptyState title={t('index.debtsTitle')} message={t('index.noDebts')} />;
  return (
    <fieldset className={styles.section}>
      <legend className={styles.heading}>{t('index.debtsTitle')}</legend>
      <p className={styles.muted}>{t('index.debtsHint')}</p>
      {debts.map((d) => (
        <label key={d.id} className={styles.debt}>
          <input type="checkbox" checked={chosen.includes(d.id)} onChange={() => onToggle(d.id)} />
          <span className={styles.debtText}>
            <span>
              {t(`debtKinds.${debtKindOn(d.kind, d.dueDate, today)}`)} · {t(`common:debtAges.${debtAge(d.dueDate, today)}`)}
            </span>
            <span className={styles.muted}>{t('index.debtLine', { description: ledgerText(d), date: f.date(d.dueDate) })}</span>
          </span>
          <span className={styles.amount}>{f.nis(d.amount)}</span>
        </label>
      ))}
      <p className={styles.total} aria-live="polite">
        <span>{t('index.chosenTotal')}</span>
        <span>{f.nis(total)}</span>
      </p>
    </fieldset>
  );
}
