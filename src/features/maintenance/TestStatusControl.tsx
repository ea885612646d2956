import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaintenanceTestRow } from '../../db/schema';
import { maintenanceTestStatuses } from '../../lib/domain/entities';
import type { MaintenanceTestStatus } from '../../lib/domain/entities';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import styles from '../../ui/fieldScreens.module.css';
import { useCan } from '../../session/useCan';

type Props = { test: MaintenanceTestRow; onChange(status: MaintenanceTestStatus, notes?: string | null): void };

/** One planned test: done / 'Unchecked' / not completed (with a note of what is missing). */
export function TestStatusControl({ test, onChange }: Props) {
  const can = useCan();
  const { t } = useTranslation('maintenance');
  const f = useFormats();
  const [notes, setNotes] = useState(test.notes ?? '');
  const name = `test-${test.id}`;
  return (
    <li className={styles.card} aria-label={test.title}>
      <div className={styles.cardHeader}>
        <h3 className={styles.cardTitle}>{test.title}</h3>
        <RecordSyncBadge state={test.syncState} compact />
      </div>
      <p className={styles.muted}>
        {t('test.planned', { date: f.date(test.plannedDate) })}
        {test.doneAt ? ` · ${t('test.doneAt', { date: f.dateTime(test.doneAt) })}` : ''}
      </p>
      {/* Uncontrolled, re-mounted per stored status: the tap shows at once, the live row confirms it. */}
      <fieldset key={test.status} className={styles.fieldset} disabled={!can('maintenance.write')}>
        <legend className="visually-hidden">{t('test.statusOf', { title: test.title })}</legend>
        {maintenanceTestStatuses.map((s) => (
          <label key={s} className={styles.choice}>
            <input type="radio" name={name} value={s} defaultChecked={test.status === s} onChange={() => onChange(s)} />
            {t(`status.${s}`)}
          </label>
        ))}
      </fieldset>
      {test.status === 'notCompleted' && can('maintenance.write') ? (
        <form
          className={styles.actions}
          onSubmit={(e) => {
            e.preventDefault();
            onChange('notCompleted', notes);
          }}
        >
          <TextField label={t('test.notes')} value={notes} onValueChange={setNotes} autoComplete="off" />
          <Button type="submit" variant="secondary" disabled={(test.notes ?? '') === notes.trim()}>
            {t('test.saveNotes')}
          </Button>
        </form>
      ) : test.notes ? (
        <p className={styles.muted}>{test.notes}</p>
      ) : null}
    </li>
  );
}
