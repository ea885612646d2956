import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { threadAddressees } from '../../lib/domain/threads';
import type { ThreadAddressee } from '../../lib/domain/threads';
import type { RuleFailure } from '../../lib/validation/rules';
import { RuleError } from '../../lib/validation/rules';
import { Button } from '../../ui/Button';
import { ErrorToast } from '../../ui/ErrorToast';
import { Field } from '../../ui/Field';
import { useThreadPhotos } from './photoSlot';
import { openThread } from './threadsRepo';
import styles from '../../ui/conversation.module.css';
import { Alert } from '../../ui/Alert';

/** Issue 31 item 2: a tenant writes to the committee or the office, with photos; saved on the phone first (outbox), so it works offline. */
export function NewThreadScreen() {
  const { t } = useTranslation(['threads', 'errors']);
  const navigate = useNavigate();
  const { input: picker, view: pickerView } = useThreadPhotos().usePicker();
  const [addressee, setAddressee] = useState<ThreadAddressee | null>(null);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const closeToast = useCallback(() => setSaveFailed(false), []);
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`) : null);
  const addresseeError = errorOf('addressee');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const id = await openThread({ addressee, subject, text }, picker.photos);
      picker.clear();
      void navigate(`/threads/${id}`, { state: { saved: true } });
    } catch (error) {
      if (error instanceof RuleError) setFailure(error.failure);
      else setSaveFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.screen} aria-labelledby="thread-new-title">
      <h1 id="thread-new-title" className={styles.heading}>
        {t('new')}
      </h1>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className={styles.choices} aria-describedby={addresseeError ? 'thread-new-addressee-error' : undefined}>
          <legend className={styles.legend}>{t('addresseeLegend')}</legend>
          {threadAddressees.map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="addressee" value={value} checked={addressee === value} onChange={() => setAddressee(value)} />
              {t(`to.${value}`)}
            </label>
          ))}
          {addresseeError ? <Alert id="thread-new-addressee-error">{addresseeError}</Alert> : null}
        </fieldset>
        <Field label={t('subjectLabel')} error={errorOf('subject')}>
          {(control) => <input {...control} value={subject} maxLength={120} onChange={(e) => setSubject(e.target.value)} />}
        </Field>
        <Field label={t('textLabel')} error={errorOf('text')} hint={t('textHint')}>
          {(control) => <textarea {...control} className={`${control.className} ${styles.textarea}`} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        {pickerView('thread-new')}
        <Button type="submit" block disabled={busy || picker.progress !== null}>
          {t('send')}
        </Button>
      </form>
      <ErrorToast open={saveFailed} summary={t('saveFailed')} onClose={closeToast} />
    </section>
  );
}
