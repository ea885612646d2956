import { useTranslation } from 'react-i18next';
import type { FeeApartmentLine, FeeBasis, FeeFrequency, FeePayer, FeeScheduleInput } from '../../lib/domain/feeScheduleRules';
import { agorotOfText, feeBases, feeFrequencies, feePayers, keptSchedule } from '../../lib/domain/feeScheduleRules';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import styles from '../../ui/fieldScreens.module.css';
import type { FeeApartment, FeeScheduleRecord } from './feeScheduleRepo';
import { addFeeSchedule } from './feeScheduleRepo';
import { useKeyedDraft } from './useKeyedDraft';
import { Alert } from '../../ui/Alert';

type Draft = {
  effectiveFrom: string;
  basis: FeeBasis;
  rate: string;
  frequency: FeeFrequency;
  billingDay: string;
  payer: FeePayer;
  perApartment: Record<string, string>;
};

const nisText = (agorot: number | null) => (agorot === null ? '' : String(agorot / 100));

/** The draft of a change: the schedule in effect as it is, from this month on. */
function draftOf(current: FeeScheduleRecord | undefined, thisMonth: string): Draft {
  const perApartment: Record<string, string> = {};
  for (const l of current?.apartments ?? []) perApartment[l.apartmentId] = current?.basis === 'rooms' ? String(l.rooms ?? '') : nisText(l.amountAgorot);
  return {
    effectiveFrom: current && current.effectiveFrom > thisMonth ? current.effectiveFrom : thisMonth,
    basis: current?.basis ?? 'flat',
    rate: current && current.basis !== 'perApartment' ? nisText(current.rateAgorot) : '',
    frequency: current?.frequency ?? 'monthly',
    billingDay: String(current?.billingDay ?? 1),
    payer: current?.payer ?? 'owner',
    perApartment,
  };
}

/** What the draft asks the server for; a typed amount that is not one becomes -1, which the rule refuses. */
function inputOf(d: Draft, apartments: readonly FeeApartment[]): FeeScheduleInput {
  const day = /^\d{1,2}$/.test(d.billingDay.trim()) ? Number(d.billingDay.trim()) : 0;
  const lines = apartments.flatMap((a): FeeApartmentLine[] => {
    const text = (d.perApartment[a.id] ?? '').trim();
    if (text === '') return [];
    if (d.basis === 'rooms') return [{ apartmentId: a.id, rooms: /^\d+(\.\d+)?$/.test(text) ? Number(text) : -1, amountAgorot: null }];
    return [{ apartmentId: a.id, rooms: null, amountAgorot: agorotOfText(text) ?? -1 }];
  });
  return keptSchedule({
    effectiveFrom: d.effectiveFrom.trim(),
    basis: d.basis,
    rateAgorot: agorotOfText(d.rate) ?? -1,
    frequency: d.frequency,
    billingDay: day,
    payer: d.payer,
    apartments: lines,
  });
}

/** A change of the fee from a month on; what was typed stays on any error, and offline nothing is sent. */
export function FeeScheduleForm({
  buildingId,
  current,
  apartments,
  thisMonth,
  online,
  onSaved,
}: {
  buildingId: number;
  current: FeeScheduleRecord | undefined;
  apartments: readonly FeeApartment[];
  thisMonth: string;
  online: boolean;
  onSaved(month: string): void;
}) {
  const { t } = useTranslation(['billing', 'errors']);
  const { draft, change, save, busy, error, fieldError } = useKeyedDraft<Draft>(() => draftOf(current, thisMonth));
  const perApartment = draft.basis === 'rooms' || draft.basis === 'perApartment';
  const inline = ['effectiveFrom', 'rateAgorot', 'billingDay'];
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('billing:fees.formTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void save(
          (d, saveKey) => addFeeSchedule(buildingId, inputOf(d, apartments), thisMonth, saveKey),
          () => onSaved(draft.effectiveFrom),
        );
      }}
    >
      <TextField
        label={t('billing:fees.effectiveFrom')}
        hint={t('billing:fees.monthHint')}
        value={draft.effectiveFrom}
        onValueChange={(v) => change({ effectiveFrom: v })}
        dir="ltr"
        autoComplete="off"
        error={fieldError('effectiveFrom')}
      />
      <fieldset className={styles.fieldset}>
        <legend>{t('billing:fees.basis')}</legend>
        {feeBases.map((b) => (
          <label key={b} className={styles.choice}>
            <input type="radio" name="basis" value={b} checked={draft.basis === b} onChange={() => change({ basis: b, perApartment: {} })} />
            <span>{t(`billing:fees.bases.${b}`)}</span>
          </label>
        ))}
      </fieldset>
      {draft.basis === 'perApartment' ? null : (
        <TextField
          label={t(`billing:fees.rate.${draft.basis}`)}
          hint={t('billing:hints.nis')}
          value={draft.rate}
          onValueChange={(v) => change({ rate: v })}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          error={fieldError('rateAgorot')}
        />
      )}
      {perApartment ? (
        <fieldset className={styles.fieldset}>
          <legend>{t(draft.basis === 'rooms' ? 'billing:fees.roomsOf' : 'billing:fees.amountOf')}</legend>
          {apartments.length === 0 ? <p className={styles.muted}>{t('billing:fees.noApartments')}</p> : null}
          {apartments.map((a) => (
            <TextField
              key={a.id}
              label={t('billing:fees.apartment', { number: a.number })}
              value={draft.perApartment[a.id] ?? ''}
              onValueChange={(v) => change({ perApartment: { ...draft.perApartment, [a.id]: v } })}
              inputMode="decimal"
              dir="ltr"
              autoComplete="off"
              error={fieldError(draft.basis === 'rooms' ? `rooms.${a.id}` : `amount.${a.id}`)}
            />
          ))}
        </fieldset>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend>{t('billing:fees.frequency')}</legend>
        {feeFrequencies.map((f) => (
          <label key={f} className={styles.choice}>
            <input type="radio" name="frequency" value={f} checked={draft.frequency === f} onChange={() => change({ frequency: f })} />
            <span>{t(`billing:fees.frequencies.${f}`)}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        label={t('billing:fees.billingDay')}
        hint={t('billing:fees.billingDayHint')}
        value={draft.billingDay}
        onValueChange={(v) => change({ billingDay: v })}
        inputMode="numeric"
        dir="ltr"
        autoComplete="off"
        error={fieldError('billingDay')}
      />
      <fieldset className={styles.fieldset}>
        <legend>{t('billing:fees.payer')}</legend>
        {feePayers.map((p) => (
          <label key={p} className={styles.choice}>
            <input type="radio" name="payer" value={p} checked={draft.payer === p} onChange={() => change({ payer: p })} />
            <span>{t(`billing:fees.payers.${p}`)}</span>
          </label>
        ))}
      </fieldset>
      {error && !inline.includes(error.field) && !error.field.includes('.') ? <Alert className={styles.error}>{t(error.key)}</Alert> : null}
      {online ? null : <p className={styles.muted}>{t('billing:saveNeedsConnection')}</p>}
      <Button type="submit" block disabled={busy || !online} aria-busy={busy}>
        {t('billing:fees.save')}
      </Button>
    </form>
  );
}
