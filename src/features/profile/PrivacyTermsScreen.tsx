import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { termsVersion } from '../../lib/terms';
import { approvedTermsVersion } from './profileRepo';
import { useOwnerKey } from './useOwnerKey';
import { TermsText } from './TermsText';
import styles from './ProfileScreen.module.css';

/** /privacy-terms: the privacy policy and terms of use, and whether this user approved this version. */
export function PrivacyTermsScreen() {
  const { t } = useTranslation('terms');
  const owner = useOwnerKey();
  const approved = useLiveQuery(() => (owner === null ? null : approvedTermsVersion(owner)), [owner]);
  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('title')}</h2>
      <p className={styles.muted}>{t('version', { version: termsVersion })}</p>
      {approved === termsVersion ? <p>{t('approved')}</p> : null}
      <TermsText />
    </div>
  );
}
