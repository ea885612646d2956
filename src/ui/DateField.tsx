import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate, parseDisplayDate } from '../lib/dates';
import { CalendarDialog } from './CalendarDialog';
import { Field } from './Field';
import { actionIcons, Icon } from './icons';
import { useTypedValue } from './useTypedValue';
import type { TypedCheck } from './useTypedValue';
import styles from './DateField.module.css';

export type DateFieldProps = {
  label: string;
  /** yyyy-mm-dd, or '' for no date. */
  value: string;
  /** Hears only real dates within min/max (yyyy-mm-dd), or '' when the text is cleared. */
  onValueChange(value: string): void;
  /** The screen's own translated error (a rule it checks). */
  error?: string | null;
  hint?: string;
  min?: string;
  max?: string;
  required?: boolean;
  id?: string;
};

/** A date typed as dd/mm/yyyy in every language (spec 9), or chosen on a calendar page that starts on Sunday. */
export function DateField({ label, value, onValueChange, error, hint, min, max, required, id }: DateFieldProps) {
  const { t } = useTranslation('common');
  const autoId = useId();
  const controlId = id ?? autoId;
  const [open, setOpen] = useState(false);
  const returnFocus = useRef(false);

  const check: TypedCheck = (text) => {
    const parsed = parseDisplayDate(text);
    if (!parsed.ok) return { ok: false, error: parsed.reason === 'impossible' ? t('dateField.impossible', { text: text.trim() }) : t('dateField.format') };
    if (min && parsed.value < min) return { ok: false, error: t('dateField.tooEarly', { min: formatDisplayDate(min) }) };
    if (max && parsed.value > max) return { ok: false, error: t('dateField.tooLate', { max: formatDisplayDate(max) }) };
    return parsed;
  };
  const typed = useTypedValue({ value, format: formatDisplayDate, check, onValueChange });

  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    typed.inputRef.current?.focus();
  }, [open, typed.inputRef]);

  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };

  return (
    <Field label={label} error={typed.shownError ?? error} hint={hint} id={controlId}>
      {(control) => (
        <div className={styles.row}>
          <input
            {...control}
            ref={typed.inputRef}
            type="text"
            autoComplete="off"
            placeholder={t('dateField.datePattern')}
            dir="ltr"
            required={required}
            value={typed.draft}
            onChange={(e) => typed.change(e.target.value)}
            onBlur={typed.blur}
          />
          <button
            type="button"
            className={styles.pickerButton}
            aria-label={t('dateField.openCalendar')}
            aria-describedby={`${controlId}-label`}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            <Icon icon={actionIcons.calendar} />
          </button>
          {open ? (
            <CalendarDialog
              title={label}
              value={value}
              min={min}
              max={max}
              onClose={close}
              onPick={(day) => {
                typed.change(formatDisplayDate(day));
                close();
              }}
            />
          ) : null}
        </div>
      )}
    </Field>
  );
}
