import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupplierRow } from '../../db/schema';
import { agorotFromText } from '../../lib/domain/books';
import { toLocalDateString } from '../../lib/dates';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { DateField } from '../../ui/DateField';
import { TextField } from '../../ui/TextField';
import { useRuleForm } from '../../ui/useRuleForm';
import styles from '../../ui/fieldScreens.module.css';
import { InvoiceField } from './InvoiceField';
import { addBid } from './suppliersRepo';
import { useInvoiceCapture } from './useInvoiceCapture';
import { Alert } from '../../ui/Alert';

type Props = { buildingId: number; suppliers: readonly SupplierRow[]; onClose(): void; onSaved(): void; onFailed(): void };

/** A supplier's quote for the building: its date, amount, description and the quote itself (photo or PDF). */
export function BidForm({ buildingId, suppliers, onClose, onSaved, onFailed }: Props) {
  const { t } = useTranslation(['books']);
  const [v, setV] = useState({ supplierId: suppliers[0]?.id ?? '', date: toLocalDateString(new Date()), amount: '', description: '' });
  const { setFailure, busy, errorOf, errorBesides, save } = useRuleForm(onFailed);
  const { capture, take } = useInvoiceCapture();
  const set = (field: keyof typeof v) => (value: string) => {
    setV((old) => ({ ...old, [field]: value }));
    setFailure(null);
  };
  const other = errorBesides(['supplierId', 'date', 'amountAgorot', 'description']);
  return (
    <FormDialog
      open
      title={t('books:bid.newTitle')}
      onClose={onClose}
      formId="bid-form"
      formClassName={styles.form}
      submitLabel={t('books:bid.save')}
      busy={busy}
      submitDisabled={capture.state === 'working'}
      onSubmit={() =>
        void save(async () => {
          await addBid(
            buildingId,
            { supplierId: v.supplierId, date: v.date, amountAgorot: agorotFromText(v.amount), description: v.description },
            capture.state === 'ready' ? capture.file : null,
          );
          onSaved();
        })
      }
    >
      <SelectField
        label={t('books:expense.supplier')}
        value={v.supplierId}
        onValueChange={set('supplierId')}
        error={errorOf('supplierId')}
        options={suppliers.map((s) => ({ value: s.id, label: s.name }))}
      />
      <DateField label={t('books:bid.date')} value={v.date} onValueChange={set('date')} error={errorOf('date')} />
      <TextField
        label={t('books:expense.amount')}
        value={v.amount}
        onValueChange={set('amount')}
        inputMode="decimal"
        autoComplete="off"
        error={errorOf('amountAgorot')}
      />
      <TextField label={t('books:expense.description')} value={v.description} onValueChange={set('description')} error={errorOf('description')} />
      <InvoiceField legend={t('books:bid.file')} capture={capture} onFile={(f) => void take(f)} />
      {other ? <Alert className={styles.error}>{other}</Alert> : null}
    </FormDialog>
  );
}
