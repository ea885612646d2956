import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router-dom';
import styles from './Standalone.module.css';
import { Alert } from '../ui/Alert';

/** The error boundary of the router: a screen that throws while rendering or loading ends here. */
export function RouteError() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Alert as="main" className={styles.page}>
      <h1>{t('error.title')}</h1>
      <p>{t('error.message')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.link} onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
        <Link className={styles.link} to="/">
          {t('notFound.home')}
        </Link>
      </div>
    </Alert>
  );
}
