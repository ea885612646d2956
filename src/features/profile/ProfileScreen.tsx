import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { logout, pendingChangesOfCurrentUser } from '../../session/logout';
import { useSession } from '../../session/sessionContext';
import { CompanySwitch } from './CompanySwitch';
import { useProfileRefresh } from './useProfileRefresh';
import styles from './ProfileScreen.module.css';

/** /user-profile: language, user details and logout. */
export function ProfileScreen() {
  const { t } = useTranslation(['profile', 'common']);
  const { session, update } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useProfileRefresh();

  async function signOut() {
    setBusy(true);
    try {
      await logout();
      navigate('/login', { replace: true });
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  async function askToSignOut() {
    const count = await pendingChangesOfCurrentUser().catch(() => 0);
    if (count > 0) setPending(count);
    else await signOut();
  }

  const details: Array<[string, string]> = [
    [t('profile:name'), session.WorkerName],
    [t('profile:userName'), session.userName],
    [t('profile:companyCode'), session.compID === null ? '' : String(session.compID)],
    [t('profile:workerNumber'), session.workerID === null ? '' : String(session.workerID)],
  ];

  return (
    <div className={styles.screen}>
      <section aria-labelledby="profile-details">
        <h2 id="profile-details" className={styles.heading}>
          {t('profile:details')}
        </h2>
        <dl className={styles.details}>
          {details
            .filter(([, value]) => value !== '')
            .map(([label, value]) => (
              <div key={label} className={styles.row}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </section>
      <CompanySwitch />
      <LanguageSwitch onChanged={(language) => void update({ languageId: language.id })} />
      <Button variant="danger" block onClick={() => void askToSignOut()} disabled={busy} aria-busy={busy}>
        {t('profile:logout')}
      </Button>
      <ConfirmDialog
        open={pending !== null}
        title={t('profile:logoutPending.title')}
        message={t('profile:logoutPending.message', { count: pending ?? 0 })}
        confirmLabel={t('profile:logoutPending.confirm')}
        danger
        onConfirm={() => void signOut()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
