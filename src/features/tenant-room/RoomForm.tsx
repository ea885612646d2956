import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agorotOf, nisOf } from '../../lib/agorot';
import type { RoomInput } from '../../lib/domain/bookingRules';
import type { BuildingRoom } from '../../lib/domain/buildingLife';
import type { RuleFailure } from '../../lib/validation/rules';
import { ruleFailureOf } from '../../lib/validation/rules';
import { Field } from '../../ui/Field';
import { TimeField } from '../../ui/TimeField';
import { FormDialog } from '../../ui/FormDialog';
import styles from './TenantRoom.module.css';

type Props = { room: BuildingRoom | null; onSave(input: RoomInput): Promise<void>; onClose(): void };

const newRoom = {
  name: '',
  opensAt: '08:00',
  closesAt: '22:00',
  slotMinutes: '60',
  bufferMinutes: '0',
  maxDaysAhead: '30',
  maxFutureBookingsPerApartment: '2',
  fee: '0',
};
type Draft = typeof newRoom;

function draftOf(room: BuildingRoom | null): Draft {
  if (!room) return newRoom;
  return {
    name: room.name,
    opensAt: room.opensAt,
    closesAt: room.closesAt,
    slotMinutes: String(room.slotMinutes),
    bufferMinutes: String(room.bufferMinutes),
    maxDaysAhead: String(room.maxDaysAhead),
    maxFutureBookingsPerApartment: String(room.maxFutureBookingsPerApartment),
    fee: String(nisOf(room.feeAgorot)),
  };
}

/** A number typed in a field; what is not a number stays NaN for the rule to refuse. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function inputOf(d: Draft): RoomInput {
  const fee = numberOf(d.fee);
  return {
    name: d.name.trim(),
    opensAt: d.opensAt,
    closesAt: d.closesAt,
    slotMinutes: numberOf(d.slotMinutes),
    bufferMinutes: numberOf(d.bufferMinutes),
    maxDaysAhead: numberOf(d.maxDaysAhead),
    maxFutureBookingsPerApartment: numberOf(d.maxFutureBookingsPerApartment),
    feeAgorot: Number.isFinite(fee) ? agorotOf(fee) : Number.NaN,
  };
}

/** Add or change a room: its name, opening hours, slot length, buffer, how far ahead, bookings per apartment, fee. */
export function RoomForm({ room, onSave, onClose }: Props) {
  const { t } = useTranslation(['tenantRoom', 'errors']);
  const [draft, setDraft] = useState<Draft>(() => draftOf(room));
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`, failure.params ?? {}) : null);
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = async () => {
    setBusy(true);
    try {
      await onSave(inputOf(draft));
    } catch (error) {
      setFailure(ruleFailureOf(error));
    } finally {
      setBusy(false);
    }
  };
  const numeric = (key: keyof Draft, field: string, label: string) => (
    <Field label={label} error={errorOf(field)}>
      {(control) => <input {...control} type="number" inputMode="numeric" min={0} step={1} value={draft[key]} onChange={set(key)} />}
    </Field>
  );
  return (
    <FormDialog
      open
      title={room ? t('editRoom') : t('addRoom')}
      onClose={onClose}
      formId="room-form"
      formClassName={styles.form}
      submitLabel={t('saveRoom')}
      onSubmit={() => void submit()}
      busy={busy}
    >
      <Field label={t('roomName')} error={errorOf('name')}>
        {(control) => <input {...control} value={draft.name} onChange={set('name')} />}
      </Field>
      <TimeField label={t('opensAt')} value={draft.opensAt} onValueChange={(value) => setDraft((d) => ({ ...d, opensAt: value }))} error={errorOf('opensAt')} />
      <TimeField
        label={t('closesAt')}
        value={draft.closesAt}
        onValueChange={(value) => setDraft((d) => ({ ...d, closesAt: value }))}
        error={errorOf('closesAt')}
      />
      {numeric('slotMinutes', 'slotMinutes', t('slotMinutes'))}
      {numeric('bufferMinutes', 'bufferMinutes', t('bufferMinutes'))}
      {numeric('maxDaysAhead', 'maxDaysAhead', t('maxDaysAhead'))}
      {numeric('maxFutureBookingsPerApartment', 'maxFutureBookingsPerApartment', t('maxFutureBookings'))}
      <Field label={t('feeNis')} hint={t('feeHint')} error={errorOf('feeAgorot')}>
        {(control) => <input {...control} type="number" inputMode="decimal" min={0} step={0.01} value={draft.fee} onChange={set('fee')} />}
      </Field>
    </FormDialog>
  );
}
