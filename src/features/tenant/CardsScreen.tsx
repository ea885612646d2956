import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../session/errorKey';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useOnline } from '../../ui/useOnline';
import { pullAccount } from './accountRepo';
import { deleteCard } from './paymentsRepo';
import styles from './Tenant.module.css';
import { useAccount } from './useAccount';

/** Card management (spec 2): the kept cards, last 4 digits and expiry, each can be deleted. */
export function CardsScreen() {
  const { t } = useTranslation(['tenant', 'errors']);
  const online = useOnline();
  const { account } = useAccount();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (account === undefined) return <Spinner />;
  const cards = account?.cards ?? [];
  const remove = async (id: string) => {
    setBusy(id);
    try {
      await deleteCard(id);
      await pullAccount();
      setMessage(t('cards.deleted'));
    } catch (e) {
      setMessage(t(errorKeyOf(e, 'errors:errorSaving')));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={styles.screen} aria-labelledby="cards-title">
      <h1 id="cards-title" className={styles.heading}>
        {t('cards.title')}
      </h1>
      {message ? (
        <p className={styles.notice} role="status">
          {message}
        </p>
      ) : null}
      {!online ? <p className={styles.notice}>{t('pay.needsConnection')}</p> : null}
      {cards.length === 0 ? (
        <EmptyState message={t('cards.none')} />
      ) : (
        <ul className={styles.list} aria-label={t('cards.title')}>
          {cards.map((c) => (
            <li key={c.id} className={styles.row}>
              <span>{t('cards.saved', { last4: c.last4, expiry: c.expiry })}</span>
              <Button variant="danger" disabled={!online || busy !== null} onClick={() => void remove(c.id)} aria-label={t('cards.delete', { last4: c.last4 })}>
                {t('cards.deleteShort')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
