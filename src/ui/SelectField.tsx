import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field } from './Field';

type Option = { value: string; label: string };

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | null;
  hint?: string;
} & ({ options: readonly Option[]; children?: never } | { options?: never; children: ReactNode });

/** A labelled native <select> in the text field's look (`className` adds to it): give it `options`, or `<option>` children. */
export function SelectField({ label, value, onValueChange, error, hint, id, options, children, className, ...rest }: Props) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <select
          {...control}
          className={className ? `${control.className} ${className}` : control.className}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          {...rest}
        >
          {options
            ? options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))
            : children}
        </select>
      )}
    </Field>
  );
}
