// Storage on the app frame and the Sync screen: the frame warns on every screen when a save failed for
// lack of space or less than 10% / 50 MB of the quota is left; the Sync screen tells how much is left.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { storageFullSince, subscribeStorageFull } from '../../sync/write/storageFull';
import { useStorageReport } from './useStorageReport';
import styles from './StorageWarning.module.css';
import { Alert } from '../../ui/Alert';

const MB = 1024 * 1024;

/** The app frame's warning (role alert), with the way to the Sync screen. */
export function StorageWarning() {
  const { t } = useTranslation('sync');
  const full = useSyncExternalStore(subscribeStorageFull, storageFullSince, () => null);
  const report = useStorageReport(full);
  const { pathname } = useLocation();
  if (full === null && !report?.low) return null;
  return (
    <Alert as="div" className={styles.banner}>
      <p>{full === null ? t('storage.low', { free: Math.round((report?.free ?? 0) / MB) }) : t('storage.full')}</p>
      {pathname === '/sync' ? null : (
        <Link className={styles.link} to="/sync">
          {t('storage.open')}
        </Link>
      )}
    </Alert>
  );
}

/** The Sync screen's note: the space left (the frame warns when it is low) and whether the browser may clear it. */
export function StorageNote() {
  const { t } = useTranslation('sync');
  const report = useStorageReport(null);
  if (!report) return null;
  return (
    <p className={styles.note}>
      {report.low ? null : t('storage.ok', { free: Math.round(report.free / MB) })}
      {report.persisted ? null : ` ${t('storage.notPersisted')}`}
    </p>
  );
}
