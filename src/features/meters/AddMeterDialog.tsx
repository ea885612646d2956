import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApartmentRow } from '../../db/schema';
import type { MeterKind } from '../../lib/domain/entities';
import { Button } from '../../ui/Button';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { SelectField } from '../../ui/SelectField';
import { addMeter } from './metersRepo';
import { useRuleForm } from '../../ui/useRuleForm';
import styles from '../../ui/fieldScreens.module.css';

type Props = {
  open: boolean;
  buildingId: number;
  apartments: readonly ApartmentRow[];
  hasPrice: boolean;
  onClose(): void;
  onSaved(): void;
  onFailed(): void;
  onSetPrice(): void;
};

/** Adds a counter: an apartment's counter (one per unit) or an EV charging station (needs a price). */
export function AddMeterDialog({ open, buildingId, apartments, hasPrice, onClose, onSaved, onFailed, onSetPrice }: Props) {
  const { t } = useTranslation(['meters', 'errors', 'common']);
  const [kind, setKind] = useState<MeterKind>('unit');
  const [apartmentId, setApartmentId] = useState('');
  const [number, setNumber] = useState('');
  const [initial, setInitial] = useState('0');
  const { setFailure, busy, errorOf, save } = useRuleForm(onFailed);

  const add = () =>
    save(async () => {
      const initialReading = Number(initial.replace(',', '.'));
      await addMeter({ buildingId, apartmentId: apartmentId || null, number, kind, initialReading: initial.trim() === '' ? Number.NaN : initialReading });
      setNumber('');
      setApartmentId('');
      setInitial('0');
      onSaved();
    });

  return (
    <FormDialog
      open={open}
      title={t('meters:add.title')}
      onClose={onClose}
      formId="add-meter-form"
      formClassName={styles.form}
      submitLabel={t('meters:add.save')}
      onSubmit={() => void add()}
      busy={busy}
    >
      <fieldset className={styles.fieldset}>
        <legend>{t('meters:add.kind')}</legend>
        {(['unit', 'evCharger'] as const).map((k) => (
          <label key={k} className={styles.choice}>
            <input
              type="radio"
              name="meter-kind"
              value={k}
              checked={kind === k}
              onChange={() => {
                setKind(k);
                setFailure(null);
              }}
            />
            {t(`meters:kind.${k}`)}
          </label>
        ))}
      </fieldset>
      {kind === 'evCharger' && !hasPrice ? (
        <div className={styles.total} role="note">
          <p className={styles.subheading}>{t('errors:pricePerKwhRequired')}</p>
          <Button variant="secondary" onClick={onSetPrice}>
            {t('meters:price.set')}
          </Button>
        </div>
      ) : null}
      <SelectField
        label={kind === 'unit' ? t('meters:add.apartment') : t('meters:add.apartmentOptional')}
        value={apartmentId}
        onValueChange={(v) => {
          setApartmentId(v);
          setFailure(null);
        }}
        options={[
          { value: '', label: t('meters:add.chooseApartment') },
          ...apartments.map((a) => ({ value: a.id, label: t('meters:meter.apartment', { number: a.number }) })),
        ]}
        error={errorOf('apartmentId') ?? errorOf('kind')}
      />
      <TextField label={t('meters:add.number')} value={number} onValueChange={setNumber} error={errorOf('number')} autoComplete="off" />
      <TextField
        label={t('meters:add.initial')}
        value={initial}
        onValueChange={setInitial}
        inputMode="decimal"
        error={errorOf('initialReading')}
        hint={t('meters:units.kwhHint')}
      />
    </FormDialog>
  );
}
