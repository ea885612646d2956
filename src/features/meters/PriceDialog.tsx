import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { setPricePerKwh } from './buildingPriceRepo';
import { useRuleForm } from '../../ui/useRuleForm';
import styles from '../../ui/fieldScreens.module.css';

type Props = { open: boolean; buildingId: number; current: number | null; onClose(): void; onSaved(): void; onFailed(): void };

/** Sets the building's price per kWh (NIS); it applies to readings taken from now on. */
export function PriceDialog({ open, buildingId, current, onClose, onSaved, onFailed }: Props) {
  const { t } = useTranslation(['meters', 'errors', 'common']);
  const [value, setValue] = useState(current === null ? '' : String(current));
  const { setFailure, busy, failureMessage, save } = useRuleForm(onFailed);

  function setPrice() {
    const price = Number(value.replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(price)) setFailure({ field: 'pricePerKwh', messageKey: 'invalidAmount' });
    else
      void save(async () => {
        await setPricePerKwh(buildingId, price);
        onSaved();
      });
  }

  return (
    <FormDialog
      open={open}
      title={t('meters:price.dialogTitle')}
      onClose={onClose}
      formId="price-form"
      formClassName={styles.form}
      submitLabel={t('meters:price.save')}
      onSubmit={setPrice}
      busy={busy}
    >
      <TextField
        label={t('meters:price.label')}
        value={value}
        onValueChange={(v) => {
          setValue(v);
          setFailure(null);
        }}
        inputMode="decimal"
        autoComplete="off"
        error={failureMessage}
        hint={t('meters:price.note')}
      />
    </FormDialog>
  );
}
