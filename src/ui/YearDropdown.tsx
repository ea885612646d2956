import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { yearOptions } from '../lib/dates';
import styles from './TextField.module.css';

type Props = { value: number; onChange(year: number): void; label?: string; now?: Date };

/** The current year and the three before it (spec section 9). */
export function YearDropdown({ value, onChange, label, now }: Props) {
  const { t } = useTranslation('common');
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label ?? t('year')}
      </label>
      <select id={id} className={styles.input} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {yearOptions(now).map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}
