import { useTranslation } from 'react-i18next';
import type { ServiceCallRow } from '../../db/schema';
import { formatDisplayDate } from '../../lib/dates';
import { Button } from '../../ui/Button';
import styles from './CallForm.module.css';
import shared from './ServiceCalls.module.css';

type Props = { calls: readonly ServiceCallRow[]; busy: boolean; onJoin(call: ServiceCallRow): void };

/** Offered when the building already has an open call in the same domain. */
export function JoinExistingCall({ calls, busy, onJoin }: Props) {
  const { t } = useTranslation('serviceCalls');
  if (calls.length === 0) return null;
  return (
    <section className={styles.notice} aria-labelledby="join-heading">
      <h3 id="join-heading" className={shared.subheading}>
        {t('join.title', { count: calls.length })}
      </h3>
      <p>{t('join.explain')}</p>
      <ul className={styles.joinList}>
        {calls.map((call) => {
          const number = call.callNumber === null ? t('detail.pendingNumber') : t('detail.number', { number: call.callNumber });
          return (
            <li key={call.id} className={styles.joinItem}>
              <span>
                <strong>{number}</strong> {call.subject || call.description} · {formatDisplayDate(call.openedAt)}
              </span>
              <Button variant="secondary" disabled={busy} onClick={() => onJoin(call)} aria-label={t('join.buttonFor', { number })}>
                {t('join.button')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
