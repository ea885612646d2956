// Multi-line and checkbox fields in the look of the shared TextField (label above, error below).
import type { TextareaHTMLAttributes } from 'react';
import { Field } from '../../ui/Field';
import styles from './CallForm.module.css';

type TextAreaProps = { label: string; error?: string | null; hint?: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
    value: string;
    onValueChange(value: string): void;
  };

export function TextAreaField({ label, error, hint, value, onValueChange, id, rows = 4, ...rest }: TextAreaProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {({ className, ...control }) => (
        <textarea
          {...control}
          className={`${className} ${styles.textarea}`}
          rows={rows}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          {...rest}
        />
      )}
    </Field>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
