import { useTranslation } from 'react-i18next';
import { useSession } from '../session/sessionContext';
import styles from './VersionNotice.module.css';
import { Alert } from '../ui/Alert';

/** Spec section 4/8: "app version unsupported", asking for a new install. */
export function VersionNotice() {
  const { t } = useTranslation(['errors', 'shell']);
  const { versionStatus } = useSession();
  if (versionStatus !== 'unsupported') return null;
  return (
    <Alert as="div" className={styles.notice}>
      <p>{t('errors:appVersionUnsupported')}</p>
      <button type="button" className={styles.button} onClick={() => window.location.reload()}>
        {t('shell:version.reload')}
      </button>
    </Alert>
  );
}
