import type { InputHTMLAttributes } from 'react';
import { Field } from './Field';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** Translated error text; marks the input invalid and is announced with it. */
  error?: string | null;
  hint?: string;
};

export function TextField({ label, value, onValueChange, error, hint, id, ...rest }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => <input {...control} value={value} onChange={(e) => onValueChange(e.target.value)} {...rest} />}
    </Field>
  );
}
