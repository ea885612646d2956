import { useBlocker } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Holds navigation pending while `when` is true (unsaved form); confirm goes on to the target path,
 * cancel stays. Needs the app's data router (useBlocker).
 */
export function ConfirmLeaveModal({ when, message }: { when: boolean; message?: string }) {
  const { t } = useTranslation('common');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('leave.title')}
      message={message ?? t('leave.message')}
      confirmLabel={t('leave.confirm')}
      cancelLabel={t('leave.cancel')}
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
