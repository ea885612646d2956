import { useTranslation } from 'react-i18next';
import { useSession } from '../session/sessionContext';
import styles from './VersionNotice.module.css';
import { Alert } from '../ui/Alert';

/** Spec section 4/8: "app version unsupported", asking for a new install. */
export function VersionNotice() {
  const { versionStatus } = useSession();
  // Its texts load only when it shows: a signed-in start does not wait for the error texts.
  return versionStatus === 'unsupported' ? <UnsupportedVersion /> : null;
}

function UnsupportedVersion() {
  const { t } = useTranslation(['errors', 'shell']);
  return (
    <Alert as="div" className={styles.notice}>
      <p>{t('errors:appVersionUnsupported')}</p>
      <button type="button" className={styles.button} onClick={() => window.location.reload()}>
        {t('shell:version.reload')}
      </button>
    </Alert>
  );
}
