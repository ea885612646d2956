import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoRow, ServiceCallUpdateRow } from '../../db/schema';
import { formatDisplayDate } from '../../lib/dates';
import { Button } from '../../ui/Button';
import { actionIcons } from '../../ui/icons';
import { EmptyState } from '../../ui/EmptyState';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { CallPhotos } from './CallPhotos';
import { ruleFailureOf } from '../../lib/validation/rules';
import { TextAreaField } from './fields';
import { PhotoPicker } from './PhotoPicker';
import { addUpdate } from './serviceCallsRepo';
import type { RunAction } from './useActionFeedback';
import { usePhotoPicker } from './usePhotoPicker';
import styles from './CallDetail.module.css';
import shared from './ServiceCalls.module.css';

type Props = { callId: string; updates: readonly ServiceCallUpdateRow[] | undefined; photos: Map<string, PhotoRow[]>; run: RunAction };

export function UpdatesSection({ callId, updates, photos, run }: Props) {
  const { t } = useTranslation(['serviceCalls', 'errors']);
  const picker = usePhotoPicker();
  const [text, setText] = useState('');
  const [visibleToReporter, setVisibleToReporter] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (text.trim() === '') return setError(t('errors:requiredField'));
    setError(null);
    let failure: unknown = null;
    const ok = await run(
      () =>
        addUpdate(callId, text, picker.photos, visibleToReporter).catch((e: unknown) => {
          failure = e;
          throw e;
        }),
      t('serviceCalls:feedback.updateAdded'),
      picker.photos.length > 0 ? 'errorSavingImage' : 'errorUpdating',
    );
    if (ok) {
      setText('');
      setVisibleToReporter(false);
      picker.clear();
    } else if (ruleFailureOf(failure)?.field === 'text') setError(t('errors:requiredField'));
  };

  return (
    <section className={styles.updates} aria-labelledby="updates-heading">
      <h3 id="updates-heading" className={shared.subheading}>
        {t('serviceCalls:updates.title', { count: updates?.length ?? 0 })}
      </h3>
      <form
        className={shared.form}
        aria-label={t('serviceCalls:updates.add')}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextAreaField label={t('serviceCalls:updates.text')} value={text} onValueChange={setText} error={error} rows={3} />
        <PhotoPicker picker={picker} idPrefix="update-photos" />
        <label className={styles.reporterToggle}>
          <input type="checkbox" checked={visibleToReporter} onChange={(e) => setVisibleToReporter(e.target.checked)} />
          {t('serviceCalls:updates.visibleToReporter')}
        </label>
        <Button type="submit" disabled={picker.progress !== null} icon={actionIcons.send}>
          {t('serviceCalls:updates.add')}
        </Button>
      </form>
      {updates === undefined ? null : updates.length === 0 ? (
        <EmptyState message={t('serviceCalls:updates.empty')} />
      ) : (
        <ol className={styles.updateList}>
          {updates.map((u) => (
            <li key={u.id} className={styles.update}>
              <div className={styles.updateHead}>
                <span>{t('serviceCalls:updates.by', { name: u.createdBy, date: formatDisplayDate(u.createdAt) })}</span>
                <RecordSyncBadge state={u.syncState} compact={u.syncState === 'synced'} />
              </div>
              {u.fromReporter ? <span className={styles.updateAudience}>{t('serviceCalls:updates.fromReporter')}</span> : null}
              {u.visibleToReporter ? <span className={styles.updateAudience}>{t('serviceCalls:updates.shownToReporter')}</span> : null}
              <p className={styles.updateText}>{u.text}</p>
              <CallPhotos photos={photos.get(u.id) ?? []} title={t('serviceCalls:photos.ofUpdate')} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
