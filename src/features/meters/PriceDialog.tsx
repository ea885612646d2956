import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { setPricePerKwh } from './buildingPriceRepo';
import { ruleFailureOf } from './meterRuleError';
import styles from './fieldScreens.module.css';

type Props = { open: boolean; buildingId: number; current: number | null; onClose(): void; onSaved(): void; onFailed(): void };

/** Sets the building's price per kWh (NIS); it applies to readings taken from now on. */
export function PriceDialog({ open, buildingId, current, onClose, onSaved, onFailed }: Props) {
  const { t } = useTranslation(['meters', 'errors', 'common']);
  const [value, setValue] = useState(current === null ? '' : String(current));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    const price = Number(value.replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(price)) {
      setError(t('errors:invalidAmount'));
      return;
    }
    setBusy(true);
    try {
      await setPricePerKwh(buildingId, price);
      onSaved();
    } catch (e) {
      const failure = ruleFailureOf(e);
      if (failure) setError(t(`errors:${failure.messageKey}`));
      else onFailed();
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      title={t('meters:price.dialogTitle')}
      onClose={onClose}
      formId="price-form"
      formClassName={styles.form}
      submitLabel={t('meters:price.save')}
      onSubmit={() => void save()}
      busy={busy}
    >
      <TextField
        label={t('meters:price.label')}
        value={value}
        onValueChange={(v) => {
          setValue(v);
          setError(null);
        }}
        inputMode="decimal"
        autoComplete="off"
        error={error}
        hint={t('meters:price.note')}
      />
    </FormDialog>
  );
}
