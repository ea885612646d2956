import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockText, isWithinWorkingHours, WORKING_HOURS } from '../../lib/domain/workingHours';
import styles from './CallForm.module.css';

/** Shown when the form is opened outside the service desk's working hours. */
export function OutOfHoursNotice() {
  const { t } = useTranslation('serviceCalls');
  const [outside] = useState(() => !isWithinWorkingHours(new Date()));
  if (!outside) return null;
  return (
    <p className={styles.warning} role="note">
      {t('add.outOfHours', { start: clockText(WORKING_HOURS.startMinute), end: clockText(WORKING_HOURS.endMinute) })}
    </p>
  );
}
