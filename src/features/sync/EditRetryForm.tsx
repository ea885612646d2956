import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../db/outboxRows';
import { editAndRetry } from '../../sync/userActions';
import { editableFields, validatePayload } from './validators';
import styles from './SyncScreen.module.css';

type Row = Record<string, unknown>;

function coerce(original: unknown, value: string | boolean): unknown {
  if (typeof original === 'number') return value === '' ? null : Number(value);
  return value;
}

export function EditRetryForm({ entry, onDone }: { entry: OutboxEntry; onDone: () => void }) {
  const { t } = useTranslation(['sync', 'errors']);
  const formId = useId();
  const fields = editableFields(entry.payload);
  const [values, setValues] = useState<Row>(() => ({ ...entry.payload }));
  const [error, setError] = useState<{ field: string; messageKey: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const failure = validatePayload(entry, values);
    if (failure) {
      setError(failure);
      return;
    }
    const patch: Row = {};
    for (const field of fields) if (values[field] !== entry.payload[field]) patch[field] = values[field];
    await editAndRetry(entry.id, patch);
    onDone();
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={t('entry.editForm')} noValidate>
      {fields.map((field) => {
        const id = `${formId}-${field}`;
        const value = values[field];
        const invalid = error?.field === field || entry.lastError?.field === field;
        return (
          <div key={field} className={styles.field}>
            <label htmlFor={id}>{t(`fields.${field}`, { defaultValue: field })}</label>
            {typeof entry.payload[field] === 'boolean' ? (
              <input id={id} type="checkbox" checked={value === true} onChange={(e) => setValues({ ...values, [field]: e.target.checked })} />
            ) : (
              <input
                id={id}
                type={typeof entry.payload[field] === 'number' ? 'number' : 'text'}
                value={value === null || value === undefined ? '' : String(value)}
                aria-invalid={invalid}
                onChange={(e) => setValues({ ...values, [field]: coerce(entry.payload[field], e.target.value) })}
              />
            )}
          </div>
        );
      })}
      {error ? (
        <p className={styles.error} role="alert">
          {t(`errors:${error.messageKey}`)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          {t('entry.saveAndRetry')}
        </button>
        <button type="button" onClick={onDone}>
          {t('entry.cancel')}
        </button>
      </div>
    </form>
  );
}
