import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitRow } from '../../db/schema';
import type { DailyPlanEntry } from '../../lib/domain/entities';
import { validateVisit } from '../../lib/domain/visitRules';
import { Button } from '../../ui/Button';
import { actionIcons } from '../../ui/icons';
import { showErrorToast } from '../../ui/errorToastStore';
import { ResultDialog } from '../../ui/ResultDialog';
import fieldStyles from '../../ui/TextField.module.css';
import { recordVisit } from './visitsRepo';
import { RuleError } from '../../lib/validation/rules';
import styles from './DailyPlanScreen.module.css';
import { Alert } from '../../ui/Alert';

type Props = { entry: DailyPlanEntry; visitDate: string; visit: VisitRow | null; buildingName: string };

/** "Visit made today" with its description; saved on the device first, sent when there is signal. */
export function VisitForm({ entry, visitDate, visit, buildingName }: Props) {
  const { t } = useTranslation(['dailyPlan', 'errors']);
  const id = useId();
  const [draft, setDraft] = useState(visit?.description ?? '');
  const edited = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const closeSaved = useCallback(() => setSaved(false), []);

  // The visit may arrive after the form (a pull, or a tick that created it): show its text until the user types.
  const stored = visit?.description ?? '';
  useEffect(() => {
    if (!edited.current) setDraft(stored);
  }, [stored]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const failure = validateVisit({ madeToday: true, description: draft });
    if (failure) {
      setError(t(`errors:${failure.messageKey}`));
      return;
    }
    setSaving(true);
    try {
      await recordVisit(entry, visitDate, draft);
      edited.current = false;
      setError(null);
      setSaved(true);
    } catch (e) {
      if (e instanceof RuleError) setError(t(`errors:${e.failure.messageKey}`));
      else showErrorToast({ summary: t('visit.saveFailed'), detail: t('errors:anErrorOccurred') });
    } finally {
      setSaving(false);
    }
  }

  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <form className={styles.visitForm} onSubmit={(e) => void submit(e)} noValidate aria-label={t('visit.formLabel', { name: buildingName })}>
      {visit?.madeToday ? (
        <p className={styles.madeToday}>
          <span aria-hidden="true">✓ </span>
          {t('visit.madeToday')}
        </p>
      ) : null}
      <label htmlFor={`${id}-description`} className={styles.label}>
        {t('visit.description')}
      </label>
      <textarea
        id={`${id}-description`}
        className={`${fieldStyles.input} ${styles.textarea}`}
        value={draft}
        rows={3}
        onChange={(e) => {
          edited.current = true;
          setDraft(e.target.value);
          if (error) setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <span id={`${id}-hint`} className={fieldStyles.hint}>
        {t('visit.descriptionHint')}
      </span>
      {error ? (
        <Alert as="span" id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </Alert>
      ) : null}
      <Button type="submit" block disabled={saving} aria-busy={saving} icon={actionIcons.send}>
        {visit?.madeToday ? t('visit.update') : t('visit.markMade')}
      </Button>
      <ResultDialog open={saved} message={t('visit.saved')} isSuccess onClose={closeSaved} />
    </form>
  );
}
