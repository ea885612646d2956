// One tap: download everything today's plan needs, with progress (for the dashboard or the daily plan).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTakeDayOffline } from './takeDayOffline';
import type { TakeDayProgress, TakeDayResult } from './takeDayOffline';
import { formatFileSize } from '../lib/uploadLimits';
import { Button } from '../ui/Button';
import { actionIcons } from '../ui/icons';
import styles from './TakeDayOfflineButton.module.css';

export function TakeDayOfflineButton() {
  const { t } = useTranslation(['sync', 'field']);
  const takeDayOffline = useTakeDayOffline();
  const [progress, setProgress] = useState<TakeDayProgress | null>(null);
  const [result, setResult] = useState<TakeDayResult | null>(null);
  const running = progress !== null && progress.step !== null;
  const photos = running ? progress?.photos : result?.photos;

  async function run() {
    setResult(null);
    try {
      setResult(await takeDayOffline({ onProgress: setProgress }));
    } catch {
      // Not signed in any more, or the provider is missing: nothing was downloaded, nothing to report.
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className={styles.actions}>
      <Button onClick={() => void run()} disabled={running} aria-busy={running} icon={actionIcons.takeDayOffline}>
        {t('takeDay.button')}
      </Button>
      <p role="status" className={styles.meta}>
        {running && progress?.step
          ? t('takeDay.progress', { step: t(`takeDay.steps.${progress.step}`), done: progress.done + 1, total: progress.total })
          : result
            ? result.failed.length > 0
              ? t('takeDay.failed', { step: result.failed.map((s) => t(`takeDay.steps.${s}`)).join(', ') })
              : t('takeDay.done')
            : null}
      </p>
      {photos ? (
        <p className={styles.meta} data-testid="offline-photos">
          {t('field:takeDay.photos', { used: formatFileSize(photos.bytes), budget: formatFileSize(photos.budget) })}
          {!running && photos.skipped > 0 ? ` ${t('field:takeDay.photosSkipped', { count: photos.skipped })}` : null}
        </p>
      ) : null}
      {running ? <progress max={progress?.total} value={progress?.done} aria-label={t('takeDay.button')} /> : null}
    </div>
  );
}
