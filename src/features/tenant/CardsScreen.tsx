import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../session/errorKey';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useOnline } from '../../ui/useOnline';
import { pullAccount } from './accountRepo';
import { CardEntryFrame } from './CardEntryFrame';
import { addCard, deleteCard } from './paymentsRepo';
import type { RuleFailure } from '../../lib/validation/rules';
import { ruleFailureOf } from '../../lib/validation/rules';
import styles from './Tenant.module.css';
import screenFrame from '../../ui/screenFrame.module.css';
import { useAccount } from './useAccount';

/** Card management (spec 2): the kept cards, last 4 digits and expiry, each can be deleted; a new one is typed on the provider's page. */
export function CardsScreen() {
  const { t } = useTranslation(['tenant', 'errors']);
  const online = useOnline();
  const { account } = useAccount();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [entryId, setEntryId] = useState<string | null>(null);
  // Each card saved closes its entry: the frame opens a new one for the next card.
  const [frameKey, setFrameKey] = useState(0);
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const onEntered = useCallback((id: string | null) => {
    setEntryId(id);
    setFailure(null);
  }, []);
  if (account === undefined) return <Spinner />;
  // Adding a card here means keeping it (the keep-details choice is made by coming here).
  const add = async () => {
    setBusy('new');
    setFailure(null);
    try {
      await addCard({ entryId, keep: true });
      await pullAccount();
      setFrameKey((k) => k + 1);
      setMessage(t('cards.added'));
    } catch (e) {
      const rule = ruleFailureOf(e);
      if (rule) setFailure(rule);
      else setMessage(t(errorKeyOf(e, 'errors:errorSaving')));
    } finally {
      setBusy(null);
    }
  };
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
    <section className={screenFrame.screen} aria-labelledby="cards-title">
      <h1 id="cards-title" className={screenFrame.heading}>
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
        <ul className={screenFrame.list} aria-label={t('cards.title')}>
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
      <form
        className={styles.card}
        noValidate
        aria-labelledby="add-card-title"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <h2 id="add-card-title" className={styles.subheading}>
          {t('cards.add')}
        </h2>
        {online ? <CardEntryFrame key={frameKey} onEntered={onEntered} error={failure?.field === 'card' ? t(`errors:${failure.messageKey}`) : null} /> : null}
        <Button type="submit" disabled={!online || busy !== null}>
          {t('cards.addButton')}
        </Button>
      </form>
    </section>
  );
}
