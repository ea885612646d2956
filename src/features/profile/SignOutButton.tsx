// Sign out, after a warning when something would be lost or hard to get back: changes not sent yet
// (they stay on the device for the next sign-in), and no connection (signing back in needs one: the
// code goes out from the server, so the phone is unusable for this worker until it is online again).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout, pendingChangesOfCurrentUser } from '../../session/logout';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useOnline } from '../../ui/useOnline';

type Warning = { pending: number; offline: boolean };

export function SignOutButton() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const online = useOnline();
  const [warning, setWarning] = useState<Warning | null>(null);
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    try {
      await logout();
      navigate('/login', { replace: true });
    } finally {
      setBusy(false);
      setWarning(null);
    }
  }

  async function askToSignOut() {
    const pending = await pendingChangesOfCurrentUser().catch(() => 0);
    if (pending > 0 || !online) setWarning({ pending, offline: !online });
    else await signOut();
  }

  const message = warning
    ? [warning.offline ? t('logoutOffline.message') : '', warning.pending > 0 ? t('logoutPending.message', { count: warning.pending }) : '']
        .filter(Boolean)
        .join(' ')
    : '';
  return (
    <>
      <Button variant="danger" block onClick={() => void askToSignOut()} disabled={busy} aria-busy={busy}>
        {t('logout')}
      </Button>
      <ConfirmDialog
        open={warning !== null}
        title={warning?.offline ? t('logoutOffline.title') : t('logoutPending.title')}
        message={message}
        confirmLabel={t('logoutPending.confirm')}
        danger
        onConfirm={() => void signOut()}
        onCancel={() => setWarning(null)}
      />
    </>
  );
}
