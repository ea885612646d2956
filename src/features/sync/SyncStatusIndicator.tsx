// App-bar status: connectivity, changes waiting, a spinner while replaying; opens the Sync screen.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { attentionCountFor } from '../../sync/write/outbox';
import { startSync } from '../../session/syncController';
import { useSyncStatus } from '../../session/syncStore';
import { useOnline } from '../../ui/useOnline';
import { usePendingCount } from './useOutbox';
import styles from './SyncStatusIndicator.module.css';

export function SyncStatusIndicator() {
  const { t } = useTranslation('sync');
  // The app bar is on every signed-in screen: it makes sure the page-side triggers run (idempotent).
  useEffect(() => void startSync(), []);
  const online = useOnline();
  const { replaying, userKey, needsLogin } = useSyncStatus();
  const pending = usePendingCount(userKey);
  const attention = useLiveQuery(() => (userKey ? attentionCountFor(userKey) : 0), [userKey], 0);
  const parts = [
    online ? t('indicator.online') : t('indicator.offline'),
    pending > 0 ? t('indicator.pending', { count: pending }) : t('indicator.allSent'),
    ...(attention > 0 ? [t('indicator.attention', { count: attention })] : []),
    ...(replaying ? [t('indicator.replaying')] : []),
    ...(needsLogin ? [t('indicator.needsLogin')] : []),
  ];
  const status = parts.join(', ');
  // The name comes from the hidden full sentence, not an aria-label, so the short visible text
  // (word + count) never disagrees with the accessible name (axe label-content-name-mismatch).
  return (
    <Link to="/sync" className={styles.indicator} data-online={online} data-attention={attention > 0} title={parts.join(' · ')}>
      <span className="visually-hidden">{t('indicator.label', { status })}</span>
      <span className={styles.dot} aria-hidden="true" />
      {replaying ? <span className={styles.spinner} aria-hidden="true" /> : null}
      <span className={styles.text} aria-hidden="true">
        {online ? t('indicator.online') : t('indicator.offline')}
      </span>
      {pending > 0 ? (
        <span className={styles.count} aria-hidden="true" data-testid="sync-pending-count">
          {pending}
        </span>
      ) : null}
    </Link>
  );
}
