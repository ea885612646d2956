// "A new version is ready — reload": shown when a new service worker waits. Reloading waits while a
// replay runs (changes in flight finish under the version that sent them), then the new worker takes
// over and the page reloads into it (registerServiceWorker.ts).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../session/syncStore';
import { activateUpdate, isUpdateWaiting, subscribeUpdateWaiting } from './updateWaiting';
import styles from './VersionNotice.module.css';

export function UpdatePrompt() {
  const { t } = useTranslation('field');
  const waiting = useSyncExternalStore(subscribeUpdateWaiting, isUpdateWaiting, () => false);
  const { replaying } = useSyncStatus();
  const [chosen, setChosen] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (chosen && waiting && !replaying) activateUpdate();
  }, [chosen, waiting, replaying]);

  if (!waiting || dismissed) return null;
  return (
    <div className={styles.notice} role="status" aria-live="polite">
      <p>{chosen && replaying ? t('update.afterReplay') : t('update.ready')}</p>
      <button type="button" className={styles.button} onClick={() => setChosen(true)} disabled={chosen} aria-busy={chosen}>
        {t('update.reload')}
      </button>
      {chosen ? null : (
        <button type="button" className={styles.button} onClick={() => setDismissed(true)}>
          {t('update.later')}
        </button>
      )}
    </div>
  );
}
