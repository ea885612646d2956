import { useId } from 'react';
import type { SelectHTMLAttributes } from 'react';
import fieldStyles from '../../ui/TextField.module.css';

type Option = { value: string; label: string };
type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  options: readonly Option[];
  onValueChange(value: string): void;
  error?: string | null;
};

/** A labelled native <select> with the text field's look and error announcement. */
export function SelectField({ label, value, options, onValueChange, error, id, ...rest }: Props) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className={fieldStyles.input}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <span id={errorId} className={fieldStyles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
