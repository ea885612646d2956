import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterReadingRow, MeterRow } from '../../db/schema';
import { chargeOf, consumptionOf } from '../../lib/domain/meterRules';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import { addReading, updateReading } from './meterReadingsRepo';
import { usePhotoCapture } from './usePhotoCapture';
import { useRuleForm } from '../../ui/useRuleForm';
import styles from '../../ui/fieldScreens.module.css';
import { Alert } from '../../ui/Alert';

type Props = {
  meter: MeterRow;
  /** The reading being corrected; a new reading when absent. */
  editing: MeterReadingRow | null;
  previous: number;
  pricePerKwh: number | null;
  onClose(): void;
  onSaved(message: string): void;
  onFailed(): void;
};

/** New reading (photo required) or correction of an unpaid one; the consumption shows as you type. */
export function ReadingForm({ meter, editing, previous, pricePerKwh, onClose, onSaved, onFailed }: Props) {
  const { t } = useTranslation(['meters', 'errors', 'common']);
  const f = useFormats();
  const [value, setValue] = useState(editing ? String(editing.current) : '');
  const { setFailure, busy, errorOf, errorBesides, save } = useRuleForm(onFailed);
  const { capture, take } = usePhotoCapture();
  const base = editing ? editing.previous : previous;
  const current = value.trim() === '' ? Number.NaN : Number(value.replace(',', '.'));
  const consumption = Number.isFinite(current) && current > base ? consumptionOf(base, current) : null;
  const price = editing ? editing.pricePerKwh : meter.kind === 'evCharger' ? pricePerKwh : null;
  const charge = consumption === null ? null : chargeOf(base, current, price);
  const otherError = errorBesides(['current', 'photoId']);

  // The repository refuses a value not above the previous one, or a new reading without its photo.
  function submit() {
    void save(async () => {
      if (editing) await updateReading(editing.id, current);
      else await addReading({ meterId: meter.id, current, photo: capture.state === 'ready' ? capture.photo : null });
      onSaved(editing ? t('meters:reading.updated') : t('meters:reading.saved'));
    });
  }

  return (
    <FormDialog
      open
      title={editing ? t('meters:reading.editTitle', { number: meter.number }) : t('meters:reading.newTitle', { number: meter.number })}
      onClose={onClose}
      formId="reading-form"
      formClassName={styles.form}
      submitLabel={t('meters:reading.save')}
      onSubmit={submit}
      busy={busy}
      submitDisabled={capture.state === 'compressing'}
    >
      <p className={styles.subheading}>
        {t('meters:reading.previous')}: <strong>{t('meters:units.kwh', { value: f.kwh(base) })}</strong>
      </p>
      <TextField
        label={t('meters:reading.current')}
        value={value}
        onValueChange={(v) => {
          setValue(v);
          setFailure(null);
        }}
        inputMode="decimal"
        autoComplete="off"
        error={errorOf('current')}
      />
      <p className={styles.total} aria-live="polite">
        {t('meters:reading.consumption')}: {consumption === null ? '—' : t('meters:units.kwh', { value: f.kwh(consumption) })}
        {charge === null ? '' : ` · ${f.agorot(charge)}`}
      </p>
      {editing ? null : (
        <fieldset className={styles.fieldset}>
          <legend>{t('meters:reading.photo')}</legend>
          <label className={styles.fileButton}>
            <input type="file" accept="image/*" capture="environment" onChange={(e) => void take(e.target.files?.[0])} />
            {t('meters:reading.camera')}
          </label>
          <label className={styles.fileButton}>
            <input type="file" accept="image/*" onChange={(e) => void take(e.target.files?.[0])} />
            {t('meters:reading.gallery')}
          </label>
        </fieldset>
      )}
      {capture.state === 'compressing' ? (
        <div role="status">
          <span>{t('meters:reading.compressing')}</span>
          <progress className={styles.progress} aria-label={t('meters:reading.compressing')} />
        </div>
      ) : null}
      {capture.state === 'ready' ? <img className={styles.preview} src={capture.url} alt={t('meters:reading.photoPreview')} /> : null}
      {capture.state === 'failed' ? <Alert className={styles.error}>{t(capture.messageKey, capture.params ?? {})}</Alert> : null}
      {errorOf('photoId') ? <Alert className={styles.error}>{errorOf('photoId')}</Alert> : null}
      {otherError ? <Alert className={styles.error}>{otherError}</Alert> : null}
    </FormDialog>
  );
}
