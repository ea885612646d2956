import { nisOf } from '../../lib/agorot';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupplierRow } from '../../db/schema';
import type { BudgetGroup } from '../../lib/domain/books';
import { agorotFromText, budgetGroups } from '../../lib/domain/books';
import { toLocalDateString } from '../../lib/dates';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { DateField } from '../../ui/DateField';
import { TextField } from '../../ui/TextField';
import { useRuleForm } from '../../ui/useRuleForm';
import styles from '../../ui/fieldScreens.module.css';
import { addExpense, updateExpense } from './booksRepo';
import type { ExpenseView } from './booksQueries';
import { InvoiceField } from './InvoiceField';
import { useInvoiceCapture } from './useInvoiceCapture';
import { Alert } from '../../ui/Alert';

/** What a new expense starts from: an approved quote's supplier, amount and description. */
export type ExpenseDraft = { supplierId: string; amountAgorot: number; description: string; group: BudgetGroup; bidId: string };

type Props = {
  buildingId: number;
  suppliers: readonly SupplierRow[];
  editing: ExpenseView | null;
  draft?: ExpenseDraft | null;
  onClose(): void;
  onSaved(message: string): void;
  onFailed(): void;
};

const shekels = (agorot: number | null | undefined) => (agorot === null || agorot === undefined ? '' : nisOf(agorot).toFixed(2));

/** Add or correct an expense: date, description, amount, group, supplier, invoice fields and its file. */
export function ExpenseForm({ buildingId, suppliers, editing, draft, onClose, onSaved, onFailed }: Props) {
  const { t } = useTranslation(['books', 'errors']);
  const [v, setV] = useState({
    date: editing?.date ?? toLocalDateString(new Date()),
    description: editing?.description ?? draft?.description ?? '',
    amount: shekels(editing?.amountAgorot ?? draft?.amountAgorot),
    group: (editing?.group ?? draft?.group ?? 'maintenance') as BudgetGroup,
    supplierId: editing?.supplierId ?? draft?.supplierId ?? '',
    invoiceNumber: editing?.invoiceNumber ?? '',
    invoiceDate: editing?.invoiceDate ?? '',
    invoiceAmount: shekels(editing?.invoiceAmountAgorot),
    dueDate: editing?.dueDate ?? '',
    reference: editing?.reference ?? '',
  });
  const { setFailure, busy, errorOf, errorBesides, save } = useRuleForm(onFailed);
  const { capture, take } = useInvoiceCapture();
  const set = (field: keyof typeof v) => (value: string) => {
    setV((old) => ({ ...old, [field]: value }));
    setFailure(null);
  };
  const other = errorBesides(['date', 'description', 'amountAgorot', 'group', 'invoiceNumber', 'invoiceDate', 'invoiceAmountAgorot', 'dueDate']);

  function submit() {
    void save(async () => {
      const input = {
        date: v.date,
        description: v.description,
        amountAgorot: agorotFromText(v.amount),
        group: v.group,
        supplierId: v.supplierId || null,
        invoiceNumber: v.invoiceNumber,
        invoiceDate: v.invoiceDate || null,
        invoiceAmountAgorot: v.invoiceAmount.trim() === '' ? null : agorotFromText(v.invoiceAmount),
        dueDate: v.dueDate || null,
        reference: v.reference,
        bidId: draft?.bidId ?? null,
      };
      const file = capture.state === 'ready' ? capture.file : null;
      if (editing) await updateExpense(editing.id, input, file);
      else await addExpense(buildingId, input, file);
      onSaved(editing ? t('books:expense.updated') : t('books:expense.saved'));
    });
  }

  return (
    <FormDialog
      open
      title={editing ? t('books:expense.editTitle') : t('books:expense.newTitle')}
      onClose={onClose}
      formId="expense-form"
      formClassName={styles.form}
      submitLabel={t('books:expense.save')}
      onSubmit={submit}
      busy={busy}
      submitDisabled={capture.state === 'working'}
    >
      <DateField label={t('books:expense.date')} value={v.date} onValueChange={set('date')} error={errorOf('date')} />
      <TextField label={t('books:expense.description')} value={v.description} onValueChange={set('description')} error={errorOf('description')} />
      <TextField
        label={t('books:expense.amount')}
        value={v.amount}
        onValueChange={set('amount')}
        inputMode="decimal"
        autoComplete="off"
        error={errorOf('amountAgorot')}
      />
      <SelectField
        label={t('books:expense.group')}
        value={v.group}
        onValueChange={set('group')}
        error={errorOf('group')}
        options={budgetGroups.map((g) => ({ value: g, label: t(`books:groups.${g}`) }))}
      />
      <SelectField
        label={t('books:expense.supplier')}
        value={v.supplierId}
        onValueChange={set('supplierId')}
        options={[{ value: '', label: t('books:expense.noSupplier') }, ...suppliers.map((s) => ({ value: s.id, label: s.name }))]}
      />
      <TextField
        label={t('books:expense.invoiceNumber')}
        value={v.invoiceNumber}
        onValueChange={set('invoiceNumber')}
        autoComplete="off"
        error={errorOf('invoiceNumber')}
      />
      <DateField label={t('books:expense.invoiceDate')} value={v.invoiceDate} onValueChange={set('invoiceDate')} error={errorOf('invoiceDate')} />
      <TextField
        label={t('books:expense.invoiceAmount')}
        value={v.invoiceAmount}
        onValueChange={set('invoiceAmount')}
        inputMode="decimal"
        autoComplete="off"
        error={errorOf('invoiceAmountAgorot')}
      />
      <DateField label={t('books:expense.dueDate')} value={v.dueDate} onValueChange={set('dueDate')} error={errorOf('dueDate')} />
      <TextField label={t('books:expense.reference')} value={v.reference} onValueChange={set('reference')} autoComplete="off" />
      <InvoiceField legend={editing?.attachmentId ? t('books:invoice.replace') : t('books:invoice.legend')} capture={capture} onFile={(f) => void take(f)} />
      {other ? <Alert className={styles.error}>{other}</Alert> : null}
    </FormDialog>
  );
}
