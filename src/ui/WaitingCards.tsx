import { Link } from 'react-router';
import type { SyncState } from '../lib/syncState';
import { RecordSyncBadge } from './RecordSyncBadge';
import styles from './conversation.module.css';

export type WaitingCard = { key: string; to: string; title: string; detail: string; syncState: SyncState };

/** Records written on this device that the server's list does not show yet, each with where it stands. */
export function WaitingCards({ headingId, title, cards }: { headingId: string; title: string; cards: readonly WaitingCard[] }) {
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul className={styles.list}>
        {cards.map((card) => (
          <li key={card.key} className={styles.card}>
            <Link className={styles.cardLink} to={card.to}>
              <h3 className={styles.cardTitle}>{card.title}</h3>
              <span className={styles.meta}>
                <span>{card.detail}</span>
                {card.syncState !== 'synced' ? <RecordSyncBadge state={card.syncState} compact /> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
