import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './Standalone.module.css';

/** A route the user's role or flags do not grant (src/lib/rights), opened by URL: never the screen. */
export function NotAllowed() {
  const { t } = useTranslation('shell');
  return (
    <section className={styles.page} aria-labelledby="not-allowed-title">
      <h2 id="not-allowed-title">{t('notAllowed.title')}</h2>
      <p>{t('notAllowed.message')}</p>
      <Link className={styles.link} to="/">
        {t('notAllowed.home')}
      </Link>
    </section>
  );
}
