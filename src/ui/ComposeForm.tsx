import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { ErrorToast } from './ErrorToast';
import { Field } from './Field';
import { useRuleForm } from './useRuleForm';
import styles from './conversation.module.css';

type ComposeFormProps = {
  /** The heading's id (the form is labelled by it) and text. */
  headingId: string;
  title: string;
  label: string;
  submitLabel: string;
  /** The toast's summary when the text could not be saved (a refused rule shows on the field instead). */
  failedSummary: string;
  /** The photo picker's inputs and list; `compressing` holds the button while it works. */
  photos: ReactNode;
  compressing: boolean;
  /** Saves the text with the photos picked; the field is emptied once it is saved. */
  send(text: string): Promise<void>;
};

/** A comment or reply under a record: a text, photos, and a send button. */
export function ComposeForm({ headingId, title, label, submitLabel, failedSummary, photos, compressing, send }: ComposeFormProps) {
  const [text, setText] = useState('');
  const [saveFailed, setSaveFailed] = useState(false);
  const closeToast = useCallback(() => setSaveFailed(false), []);
  const form = useRuleForm(() => setSaveFailed(true));
  const submit = () =>
    form.save(async () => {
      await send(text);
      setText('');
      form.setFailure(null);
    });
  return (
    <>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
        aria-labelledby={headingId}
      >
        <h2 id={headingId}>{title}</h2>
        <Field label={label} error={form.errorOf('text')}>
          {(control) => <textarea {...control} className={`${control.className} ${styles.textarea}`} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        {photos}
        <Button type="submit" disabled={form.busy || compressing}>
          {submitLabel}
        </Button>
      </form>
      <ErrorToast open={saveFailed} summary={failedSummary} onClose={closeToast} />
    </>
  );
}
