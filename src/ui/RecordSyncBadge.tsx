// Per-record sync state for feature screens: saved on device / sent / applied / needs attention.
import { useTranslation } from 'react-i18next';
import type { SyncState } from '../lib/syncState';
import styles from './RecordSyncBadge.module.css';

export function RecordSyncBadge({ state, compact = false }: { state: SyncState; compact?: boolean }) {
  const { t } = useTranslation('sync');
  const label = t(`state.${state}`);
  return (
    <span className={styles.badge} data-state={state} role="status" aria-label={label} title={label}>
      <span className={styles.icon} aria-hidden="true" />
      {compact ? null : <span aria-hidden="true">{label}</span>}
    </span>
  );
}
