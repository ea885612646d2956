// "Edit and retry": the fields of a refused change a person may fix (editableFields.ts), each with its
// own input — dates through the date field, choices as a list, amounts in shekels — re-checked with
// the same rules as the forms before the change is sent again under a new key.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../db/outboxRows';
import { editAndRetry } from '../../sync/write/userActions';
import { DateField } from '../../ui/DateField';
import { DateTimeField } from '../../ui/DateTimeField';
import { Field } from '../../ui/Field';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { editableFieldsOf, fromFormValue, toFormValue } from './editableFields';
import type { EditableField, FormValue } from './editableFields';
import { validatePayload } from './validators';
import styles from './SyncScreen.module.css';
import { Alert } from '../../ui/Alert';

type Row = Record<string, unknown>;

function FieldInputOf({
  spec,
  label,
  value,
  error,
  onChange,
}: {
  spec: EditableField;
  label: string;
  value: FormValue;
  error: string | null;
  onChange(value: FormValue): void;
}) {
  const { t } = useTranslation('sync');
  const input = spec.input;
  const textValue = typeof value === 'string' ? value : '';
  switch (input.kind) {
    case 'boolean':
      return (
        <label className={styles.choice}>
          <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {label}
        </label>
      );
    case 'date':
      return <DateField label={label} value={textValue} error={error} onValueChange={onChange} />;
    case 'instant':
      return <DateTimeField label={label} value={textValue} error={error} onValueChange={onChange} />;
    case 'choice':
      return (
        <SelectField label={label} value={textValue} error={error} onValueChange={onChange}>
          {textValue === '' ? <option value="">{t('edit.choose')}</option> : null}
          {input.options.map((option) => (
            <option key={option} value={String(option)}>
              {input.labels ? t(`${input.labels}.${option}`) : String(option)}
            </option>
          ))}
        </SelectField>
      );
    case 'longText':
      return (
        <Field label={label} error={error}>
          {(control) => (
            <textarea {...control} className={`${control.className ?? ''} ${styles.textarea}`} value={textValue} onChange={(e) => onChange(e.target.value)} />
          )}
        </Field>
      );
    case 'number':
    case 'agorot':
      return (
        <TextField
          label={input.kind === 'agorot' ? t('edit.inShekels', { label }) : label}
          value={textValue}
          error={error}
          inputMode="decimal"
          dir="ltr"
          onValueChange={onChange}
        />
      );
    case 'text':
      return <TextField label={label} value={textValue} error={error} type={input.type ?? 'text'} inputMode={input.inputMode} onValueChange={onChange} />;
  }
}

export function EditRetryForm({ entry, onDone }: { entry: OutboxEntry; onDone: () => void }) {
  const { t } = useTranslation(['sync', 'errors']);
  const fields = editableFieldsOf(entry);
  const [initial] = useState<Record<string, FormValue>>(() => Object.fromEntries(fields.map((f) => [f.field, toFormValue(f.input, entry.payload[f.field])])));
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<{ field: string; messageKey: string } | null>(null);

  const patchOf = (): Row => {
    const patch: Row = {};
    for (const f of fields) if (values[f.field] !== initial[f.field]) patch[f.field] = fromFormValue(f.input, values[f.field] ?? '', entry.payload[f.field]);
    return patch;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const patch = patchOf();
    const failure = await validatePayload(entry, { ...entry.payload, ...patch });
    if (failure) {
      setError(failure);
      return;
    }
    await editAndRetry(entry.id, patch);
    onDone();
  }

  const refusedField = entry.lastError?.field;
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={t('entry.editForm')} noValidate>
      {fields.map((f) => {
        const message = error?.field === f.field ? t(`errors:${error.messageKey}`) : null;
        return (
          <FieldInputOf
            key={f.field}
            spec={f}
            label={t(`fields.${f.field}`)}
            value={values[f.field] ?? ''}
            error={message ?? (refusedField === f.field && !error ? t('edit.refusedHere') : null)}
            onChange={(value) => setValues({ ...values, [f.field]: value })}
          />
        );
      })}
      {error ? <Alert className={styles.error}>{t(`errors:${error.messageKey}`)}</Alert> : null}
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
