import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from './DateField';
import { TimeField } from './TimeField';
import styles from './DateField.module.css';

export type DateTimeFieldProps = {
  label: string;
  /** yyyy-mm-ddTHH:mm (a local or wall-clock time), or '' while either part is missing. */
  value: string;
  onValueChange(value: string): void;
  error?: string | null;
  min?: string;
  max?: string;
};

const partsOf = (value: string) => ({ date: value.slice(0, 10), time: value.slice(11, 16) });

/** A date (dd/mm/yyyy, with the calendar) and a 24-hour time, kept together as one yyyy-mm-ddTHH:mm value. */
export function DateTimeField({ label, value, onValueChange, error, min, max }: DateTimeFieldProps) {
  const { t } = useTranslation('common');
  const errorId = useId();
  const [parts, setParts] = useState(() => partsOf(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    const whole = parts.date && parts.time ? `${parts.date}T${parts.time}` : '';
    if (whole !== value) setParts(partsOf(value));
  }
  const set = (next: { date: string; time: string }) => {
    setParts(next);
    const whole = next.date && next.time ? `${next.date}T${next.time}` : '';
    if (whole !== value) onValueChange(whole);
  };
  return (
    <fieldset className={styles.dateTime} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.dateTimeParts}>
        <DateField
          label={t('dateField.date')}
          value={parts.date}
          min={min?.slice(0, 10)}
          max={max?.slice(0, 10)}
          onValueChange={(date) => set({ ...parts, date })}
        />
        <TimeField label={t('dateField.time')} value={parts.time} onValueChange={(time) => set({ ...parts, time })} />
      </div>
      {error ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
