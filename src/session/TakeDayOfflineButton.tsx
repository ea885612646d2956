// One tap: download every building the worker needs, with progress (for the dashboard or the daily
// plan). Before it, the size as far as the device can tell, and the choice to take only today's plan.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeDayScopes, useTakeDayOffline } from './takeDayOffline';
import type { TakeDayEstimate, TakeDayProgress, TakeDayResult, TakeDayScope } from './takeDayOffline';
import { formatFileSize } from '../lib/uploadLimits';
import { Button } from '../ui/Button';
import { actionIcons } from '../ui/icons';
import { useFormats } from '../ui/useFormats';
import styles from './TakeDayOfflineButton.module.css';

export function TakeDayOfflineButton() {
  const { t } = useTranslation(['sync', 'field']);
  const f = useFormats();
  const { take, estimate } = useTakeDayOffline();
  const name = useId();
  const [size, setSize] = useState<TakeDayEstimate | null>(null);
  const [chosen, setChosen] = useState<TakeDayScope | null>(null);
  const [progress, setProgress] = useState<TakeDayProgress | null>(null);
  const [result, setResult] = useState<TakeDayResult | null>(null);
  const running = progress !== null && progress.step !== null;
  const photos = running ? progress?.photos : result?.photos;
  const scope = chosen ?? size?.suggested ?? 'all';
  const chosenSize = size?.[scope];

  // Estimated again after each take: what is on the device is counted, not guessed, from then on.
  useEffect(() => {
    let live = true;
    estimate().then(
      (next) => live && setSize(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [estimate, result]);

  async function run() {
    setResult(null);
    try {
      setResult(await take({ scope, onProgress: setProgress }));
    } catch {
      // Not signed in any more, or the provider is missing: nothing was downloaded, nothing to report.
    } finally {
      setProgress(null);
    }
  }

  const missing = result ? [...result.failed.map((s) => t(`takeDay.steps.${s}`)), ...result.failedBuildings.map((b) => b.name)] : [];
  return (
    <div className={styles.actions}>
      <fieldset className={styles.scopes} disabled={running}>
        <legend className={styles.legend}>{t('takeDay.scope.legend')}</legend>
        {takeDayScopes.map((s) => (
          <label key={s} className={styles.choice}>
            <input type="radio" name={name} value={s} checked={scope === s} onChange={() => setChosen(s)} />
            {t(`takeDay.scope.${s}`)}
          </label>
        ))}
      </fieldset>
      {size && chosenSize ? (
        <p className={styles.meta} data-testid="take-day-estimate">
          {t('takeDay.estimate', {
            count: chosenSize.buildings,
            records: f.number(chosenSize.records),
            photos: f.number(chosenSize.photos),
            budget: formatFileSize(size.photoBudget),
          })}
        </p>
      ) : null}
      <Button onClick={() => void run()} disabled={running} aria-busy={running} icon={actionIcons.takeDayOffline}>
        {t('takeDay.button')}
      </Button>
      <p role="status" className={styles.meta}>
        {running && progress?.step
          ? progress.building
            ? t('takeDay.progressBuilding', { name: progress.building.name, done: progress.done + 1, total: progress.total })
            : t('takeDay.progress', { step: t(`takeDay.steps.${progress.step}`), done: progress.done + 1, total: progress.total })
          : result
            ? missing.length > 0
              ? t('takeDay.failed', { step: missing.join(', ') })
              : t('takeDay.done')
            : null}
      </p>
      {result && !running ? <p className={styles.meta}>{t('takeDay.taken', { count: result.buildingIds.length })}</p> : null}
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
