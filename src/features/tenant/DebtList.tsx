import { useTranslation } from 'react-i18next';
import type { DebtAge } from '../../lib/domain/debtAge';
import { debtAge, isCommitteeFee, israelToday } from '../../lib/domain/debtAge';
import type { TenantDebt } from '../../lib/paymentAnswers';
import { useFormats } from '../../ui/useFormats';
import { useLedgerText } from '../../ui/useLedgerText';
import styles from './Tenant.module.css';
import screenFrame from '../../ui/screenFrame.module.css';

/**
 * Spec 3: debts of three kinds — past committee fees, current or future committee fees, special charges.
 * A committee fee's group, and every debt's age, follow its due date and today in Israel (issue 29).
 */
export const debtGroups = [
  { id: 'past', holds: (committee: boolean, age: DebtAge) => committee && age === 'pastDue' },
  { id: 'committee', holds: (committee: boolean, age: DebtAge) => committee && age !== 'pastDue' },
  { id: 'special', holds: (committee: boolean) => !committee },
] as const;

export function DebtList({ debts }: { debts: readonly TenantDebt[] }) {
  const { t } = useTranslation('tenant');
  const f = useFormats();
  const ledgerText = useLedgerText();
  const today = israelToday(new Date());
  return (
    <>
      {debtGroups.map((group) => {
        const rows = debts.filter((d) => group.holds(isCommitteeFee(d.kind), debtAge(d.dueDate, today)));
        if (rows.length === 0) return null;
        return (
          <section key={group.id} aria-labelledby={`debts-${group.id}`}>
            <h3 id={`debts-${group.id}`} className={styles.subheading}>
              {t(`debtGroups.${group.id}`)}
            </h3>
            <ul className={screenFrame.list}>
              {rows.map((d) => (
                <li key={d.id} className={styles.row}>
                  <span className={styles.rowText}>
                    <span>{ledgerText(d)}</span>
                    <span className={screenFrame.muted}>{t('dueOn', { date: f.date(d.dueDate) })}</span>
                    <span className={debtAge(d.dueDate, today) === 'pastDue' ? styles.pastDue : screenFrame.muted}>
                      {t(`common:debtAges.${debtAge(d.dueDate, today)}`)}
                    </span>
                    {d.pendingChecks ? <span className={styles.pending}>{t('pendingChecks')}</span> : null}
                    {typeof d.reopenedByCheck === 'string' ? (
                      <span className={styles.pending}>{t('reopenedByCheck', { number: d.reopenedByCheck || '—' })}</span>
                    ) : null}
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
