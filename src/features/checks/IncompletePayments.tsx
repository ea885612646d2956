import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import type { PaymentGroup } from './checkPaymentModel';
import { useFormats } from '../../ui/useFormats';
import styles from './Checks.module.css';

type Props = { groups: readonly PaymentGroup[]; onContinue(): void; onNew?: () => void; onCancelAll(): void };

/** An incomplete payment of the payer: continue it, start a new one, or cancel all. */
export function IncompletePayments({ groups, onContinue, onNew, onCancelAll }: Props) {
  const { t } = useTranslation('checks');
  const f = useFormats();
  return (
    <section className={styles.section} aria-labelledby="checks-incomplete">
      <h2 id="checks-incomplete" className={styles.heading}>
        {t('index.incompleteTitle', { count: groups.length })}
      </h2>
      <p className={styles.alert}>{t('index.incompleteMessage')}</p>
      <ul className={styles.list}>
        {groups.map((g) => (
          <li key={g.ChecksHeaderGuid} className={styles.card}>
            <div className={styles.cardHeader}>
              <span className={styles.amount}>{f.nis(g.Amount)}</span>
              <span className={styles.badge}>{t(`status.${g.Status}`)}</span>
            </div>
            <p className={styles.muted}>{t('groups.summary', { count: g.checks.length, date: f.date(g.CreateDate) })}</p>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button onClick={onContinue}>{t('index.continue')}</Button>
        {onNew ? (
          <Button variant="secondary" onClick={onNew}>
            {t('index.new')}
          </Button>
        ) : null}
        <Button variant="danger" onClick={onCancelAll}>
          {t('index.cancelAll')}
        </Button>
      </div>
    </section>
  );
}
