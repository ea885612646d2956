import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './Standalone.module.css';

export function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <main className={styles.page}>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link className={styles.link} to="/">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
