import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import type { RuleFailure } from '../../lib/validation/rules';
import { feedbackRatingMax } from '../../lib/validation/rules';
import { Button } from '../../ui/Button';
import { actionIcons } from '../../ui/icons';
import { ErrorToast } from '../../ui/ErrorToast';
import { Field } from '../../ui/Field';
import { ResultDialog } from '../../ui/ResultDialog';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { sendFeedback } from './feedbackRepo';
import { getFeedback } from './feedbackQueries';
import { RuleError } from '../../lib/validation/rules';
import styles from './FeedbackScreen.module.css';

const ratings = Array.from({ length: feedbackRatingMax }, (_, i) => i + 1);

/** Spec 1 "feedback": rate the app, tell us what to improve; sent through the outbox, so it works offline. */
export function FeedbackScreen() {
  const { t } = useTranslation(['feedback', 'errors', 'common']);
  const [rating, setRating] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [mayContact, setMayContact] = useState(false);
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentId, setSentId] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const sent = useLiveQuery(() => (sentId ? getFeedback(sentId) : null), [sentId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const id = await sendFeedback({ rating, message, mayContact });
      setFailure(null);
      setSentId(id);
      setRating(null);
      setMessage('');
      setMayContact(false);
      setResult(navigator.onLine ? t('sent') : t('savedOnDevice'));
    } catch (error) {
      if (error instanceof RuleError) setFailure(error.failure);
      else setSaveFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const closeResult = useCallback(() => setResult(null), []);
  const closeToast = useCallback(() => setSaveFailed(false), []);
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`) : null);
  const ratingError = errorOf('rating');

  return (
    <section className={styles.screen} aria-labelledby="feedback-title">
      <h1 id="feedback-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <fieldset
          className={styles.rating}
          role="radiogroup"
          aria-required="true"
          aria-invalid={ratingError ? true : undefined}
          aria-describedby={ratingError ? 'feedback-rating-error' : undefined}
        >
          <legend className={styles.legend}>{t('rating')}</legend>
          <div className={styles.stars}>
            {ratings.map((value) => (
              <label key={value} className={styles.star}>
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  aria-label={t('ratingValue', { value, max: feedbackRatingMax })}
                />
                <span aria-hidden="true">{value}</span>
              </label>
            ))}
          </div>
          {ratingError ? (
            <span id="feedback-rating-error" className={styles.error}>
              {ratingError}
            </span>
          ) : null}
        </fieldset>
        <Field label={t('message')} hint={t('messageHint')} error={errorOf('message')}>
          {(control) => (
            <textarea
              {...control}
              className={`${control.className ?? ''} ${styles.textarea}`}
              required
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          )}
        </Field>
        <label className={styles.check}>
          <input type="checkbox" checked={mayContact} onChange={(e) => setMayContact(e.target.checked)} />
          {t('mayContact')}
        </label>
        <Button type="submit" block disabled={busy} icon={actionIcons.send}>
          {busy ? t('sending') : t('send')}
        </Button>
      </form>
      {sent ? (
        <section className={styles.pending} aria-live="polite" aria-label={t('lastSent')}>
          <span>{sent.syncState === 'local' ? t('savedOnDevice') : t('lastSent')}</span>
          <RecordSyncBadge state={sent.syncState} />
        </section>
      ) : null}
      <ResultDialog open={result !== null} isSuccess message={result ?? ''} onClose={closeResult} />
      <ErrorToast open={saveFailed} detail={t('errors:anErrorOccurred')} onClose={closeToast} />
    </section>
  );
}
