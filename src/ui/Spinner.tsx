import { useTranslation } from 'react-i18next';
import styles from './Spinner.module.css';

/** `delayed`: shown only when the wait lasts (a result that comes within a few frames never flashes it). */
export function Spinner({ label, fullPage = false, delayed = false }: { label?: string; fullPage?: boolean; delayed?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={`${styles.wrap} ${fullPage ? styles.full : ''} ${delayed ? styles.delayed : ''}`} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
