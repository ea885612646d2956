import { useTranslation } from 'react-i18next';
import { parseDisplayTime } from '../lib/dates';
import { Field } from './Field';
import { useTypedValue } from './useTypedValue';
import type { TypedCheck } from './useTypedValue';
import styles from './DateField.module.css';

export type TimeFieldProps = {
  label: string;
  /** HH:mm (24-hour), or '' for no time. */
  value: string;
  onValueChange(value: string): void;
  error?: string | null;
  hint?: string;
  required?: boolean;
  id?: string;
};

/** A time of day typed in 24-hour hh:mm in every language (spec 9); 9, 9.30 and 0930 are read too. */
export function TimeField({ label, value, onValueChange, error, hint, required, id }: TimeFieldProps) {
  const { t } = useTranslation('common');
  const check: TypedCheck = (text) => {
    const parsed = parseDisplayTime(text);
    return parsed.ok ? parsed : { ok: false, error: t('dateField.time24') };
  };
  const typed = useTypedValue({ value, format: (v) => v, check, onValueChange });
  return (
    <Field label={label} error={typed.shownError ?? error} hint={hint} id={id}>
      {(control) => (
        <input
          {...control}
          ref={typed.inputRef}
          type="text"
          autoComplete="off"
          className={`${control.className ?? ''} ${styles.timeInput}`}
          placeholder={t('dateField.timePattern')}
          dir="ltr"
          required={required}
          value={typed.draft}
          onChange={(e) => typed.change(e.target.value)}
          onBlur={typed.blur}
        />
      )}
    </Field>
  );
}
