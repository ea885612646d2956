import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuildingEvent } from '../../lib/domain/buildingLife';
import { DateField } from '../../ui/DateField';
import { Field } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { TimeField } from '../../ui/TimeField';
import { useRuleForm } from '../../ui/useRuleForm';
import type { EventDraft } from './eventsRepo';
import styles from './TenantRoom.module.css';

type Props = { event: BuildingEvent | null; day: string; onSave(draft: EventDraft): Promise<void>; onClose(): void };

/** Add or change a building event: title, notes, the day and its start and end times. */
export function EventForm({ event, day, onSave, onClose }: Props) {
  const { t } = useTranslation(['tenantRoom', 'errors']);
  const [title, setTitle] = useState(event?.title ?? '');
  const [notes, setNotes] = useState(event?.notes ?? '');
  const [date, setDate] = useState(event?.start.slice(0, 10) ?? day);
  const [start, setStart] = useState(event?.start.slice(11, 16) ?? '08:00');
  const [end, setEnd] = useState(event?.end.slice(11, 16) ?? '10:00');
  // A failure that is no rule's clears the fields' errors.
  const form = useRuleForm(() => form.setFailure(null));
  const { errorOf, busy } = form;
  const submit = () => form.save(() => onSave({ title, notes, start: `${date}T${start}`, end: `${date}T${end}` }));
  return (
    <FormDialog
      open
      title={event ? t('editEvent') : t('addEvent')}
      onClose={onClose}
      formId="event-form"
      formClassName={styles.form}
      submitLabel={t('saveEvent')}
      onSubmit={() => void submit()}
      busy={busy}
    >
      <Field label={t('eventTitle')} error={errorOf('title')}>
        {(control) => <input {...control} value={title} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field label={t('eventNotes')}>{(control) => <textarea {...control} value={notes} onChange={(e) => setNotes(e.target.value)} />}</Field>
      <DateField label={t('day')} value={date} onValueChange={setDate} error={errorOf('start')} />
      <TimeField label={t('startTime')} value={start} onValueChange={setStart} />
      <TimeField label={t('endTime')} value={end} onValueChange={setEnd} error={errorOf('end')} />
    </FormDialog>
  );
}
