import { useTranslation } from 'react-i18next';
import { useStorageReport } from './useStorageReport';
import styles from './SyncScreen.module.css';

const MB = 1024 * 1024;

/** Shown when less than 10% or 50 MB of the quota is left (here and wherever the shell places it). */
export function StorageWarning({ always = false }: { always?: boolean }) {
  const { t } = useTranslation('sync');
  const report = useStorageReport();
  if (!report || (!report.low && !always)) return null;
  const free = Math.round(report.free / MB);
  return (
    <p className={report.low ? styles.warning : styles.note} role={report.low ? 'alert' : undefined}>
      {report.low ? t('storage.low', { free }) : t('storage.ok', { free })}
      {report.persisted ? null : ` ${t('storage.notPersisted')}`}
    </p>
  );
}
