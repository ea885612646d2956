import { useTranslation } from 'react-i18next';
import type { TenantDebt } from '../../lib/paymentAnswers';
import { useFormats } from '../../ui/useFormats';
import { useLedgerText } from '../../ui/useLedgerText';
import styles from './Tenant.module.css';

/** Spec 3: debts of three kinds — past committee fees, current or future committee fees, special charges. */
export const debtGroups = [
  { id: 'past', kinds: ['pastCommittee'] },
  { id: 'committee', kinds: ['currentCommittee', 'futureCommittee'] },
  { id: 'special', kinds: ['special'] },
] as const;

export function DebtList({ debts }: { debts: readonly TenantDebt[] }) {
  const { t } = useTranslation('tenant');
  const f = useFormats();
  const ledgerText = useLedgerText();
  return (
    <>
      {debtGroups.map((group) => {
        const rows = debts.filter((d) => (group.kinds as readonly string[]).includes(d.kind));
        if (rows.length === 0) return null;
        return (
          <section key={group.id} aria-labelledby={`debts-${group.id}`}>
            <h3 id={`debts-${group.id}`} className={styles.subheading}>
              {t(`debtGroups.${group.id}`)}
            </h3>
            <ul className={styles.list}>
              {rows.map((d) => (
                <li key={d.id} className={styles.row}>
                  <span className={styles.rowText}>
                    <span>{ledgerText(d)}</span>
                    <span className={styles.muted}>{t('dueOn', { date: f.date(d.dueDate) })}</span>
                    {d.pendingChecks ? <span className={styles.pending}>{t('pendingChecks')}</span> : null}
                  </span>
                  <span className={styles.amount}>{f.agorot(d.openAgorot)}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
