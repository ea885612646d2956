import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../session/errorKey';
import { useOnlineList } from '../../session/useOnlineList';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useOnline } from '../../ui/useOnline';
import styles from '../../ui/fieldScreens.module.css';
import type { PassRecord } from '../../lib/deskAnswers';
import { expectedToday } from './receptionRepo';
import { Alert } from '../../ui/Alert';

type Props = {
  buildingId: number;
  /** Pre-approvals already let in on this device or by the server's log (their arrival may still be on its way). */
  letInIds: ReadonlySet<string>;
  onLetIn(pass: PassRecord): Promise<unknown>;
};

/** The visitors tenants pre-approved for today (read online), each let in with one tap into the visitors log. */
export function ExpectedVisitors({ buildingId, letInIds, onLetIn }: Props) {
  const { t } = useTranslation(['reception', 'errors']);
  const online = useOnline();
  const { rows, error, reload } = useOnlineList(buildingId, online, () => expectedToday(buildingId));
  const [failure, setFailure] = useState<string | null>(null);

  const letIn = async (pass: PassRecord) => {
    setFailure(null);
    try {
      await onLetIn(pass);
    } catch (e) {
      setFailure(errorKeyOf(e, 'errors:errorSaving'));
    }
  };

  return (
    <section aria-labelledby="desk-expected">
      <h4 id="desk-expected" className={styles.cardTitle}>
        {t('expected.title')}
      </h4>
      {failure ? <Alert className={styles.error}>{t(failure)}</Alert> : null}
      {!online && rows === null ? (
        <p className={styles.muted}>{t('expected.offline')}</p>
      ) : error ? (
        <EmptyState message={t(error)} action={<Button onClick={reload}>{t('expected.retry')}</Button>} />
      ) : rows === null ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('expected.none')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('expected.list')}>
          {rows.map((pass) => {
            const inside = pass.arrivedAt !== null || letInIds.has(pass.id);
            return (
              <li key={pass.id} className={styles.card} aria-label={pass.name}>
                <div className={styles.cardHeader}>
                  <strong>{pass.name}</strong>
                  <span className={styles.badge}>{t('visitors.toApartment', { apartment: pass.apartment })}</span>
                </div>
                {pass.note ? <p className={styles.muted}>{t('expected.note', { note: pass.note })}</p> : null}
                {inside ? (
                  <p className={styles.muted}>{t('expected.inside')}</p>
                ) : (
                  <Button onClick={() => void letIn(pass)} aria-label={t('expected.letInOf', { name: pass.name })}>
                    {t('expected.letIn')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
