import { useTranslation } from 'react-i18next';
import styles from './Spinner.module.css';

export function Spinner({ label, fullPage = false }: { label?: string; fullPage?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={`${styles.wrap} ${fullPage ? styles.full : ''}`} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
