// Select, multi-line and checkbox fields in the look of the shared TextField (label above, error below).
import { useId } from 'react';
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import fieldStyles from '../../ui/TextField.module.css';
import styles from './ServiceCalls.module.css';

type Described = { label: string; error?: string | null; hint?: string };

function describedBy(id: string, { error, hint }: Described): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function Notes({ id, error, hint }: Described & { id: string }) {
  return (
    <>
      {hint ? (
        <span id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </span>
      ) : null}
    </>
  );
}

type SelectProps = Described &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & { value: string; onValueChange(value: string): void; children: ReactNode };

export function SelectField({ label, error, hint, value, onValueChange, children, id, ...rest }: SelectProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={fieldId}>
        {label}
      </label>
      <select
        id={fieldId}
        className={`${fieldStyles.input} ${styles.select}`}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, { label, error, hint })}
        {...rest}
      >
        {children}
      </select>
      <Notes id={fieldId} label={label} error={error} hint={hint} />
    </div>
  );
}

type TextAreaProps = Described &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & { value: string; onValueChange(value: string): void };

export function TextAreaField({ label, error, hint, value, onValueChange, id, rows = 4, ...rest }: TextAreaProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={fieldId}>
        {label}
      </label>
      <textarea
        id={fieldId}
        className={`${fieldStyles.input} ${styles.textarea}`}
        rows={rows}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, { label, error, hint })}
        {...rest}
      />
      <Notes id={fieldId} label={label} error={error} hint={hint} />
    </div>
  );
}

export function CheckboxField({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange(checked: boolean): void; disabled?: boolean }) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
