import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerEntryRow } from '../../db/schema';
import type { ManualLedgerKind } from '../../lib/domain/books';
import { agorotFromText } from '../../lib/domain/books';
import { pettyCashBalance } from '../../lib/domain/ledger';
import { toLocalDateString } from '../../lib/dates';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { FormDialog } from '../../ui/FormDialog';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { SelectField } from '../../ui/SelectField';
import { DateField } from '../../ui/DateField';
import { TextField } from '../../ui/TextField';
import type { useResult } from '../../ui/useResult';
import { useFormats } from '../../ui/useFormats';
import { useLedgerText } from '../../ui/useLedgerText';
import { useRuleForm } from '../../ui/useRuleForm';
import styles from '../../ui/fieldScreens.module.css';
import own from './Books.module.css';
import type { BooksData } from './booksQueries';
import { addLedgerEntry, deleteLedgerEntry } from './booksRepo';
import { Alert } from '../../ui/Alert';

type Mode = 'income' | 'pettyCash';

const kindsOf: Record<Mode, { shown: readonly string[]; added: readonly ManualLedgerKind[] }> = {
  income: { shown: ['payment', 'refund', 'bounce', 'income', 'openingBalance'], added: ['income', 'openingBalance'] },
  pettyCash: { shown: ['pettyCashIn', 'pettyCashOut'], added: ['pettyCashIn', 'pettyCashOut'] },
};

type Props = { mode: Mode; buildingId: number; data: BooksData; canWrite: boolean; result: ReturnType<typeof useResult> };

/** Income (payments from the other features appear on their own, manual income is added here) or the petty-cash box. */
export function LedgerPanel({ mode, buildingId, data, canWrite, result }: Props) {
  const { t } = useTranslation(['books', 'errors']);
  const f = useFormats();
  const ledgerText = useLedgerText();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<LedgerEntryRow | null>(null);
  const { shown, added } = kindsOf[mode];
  const rows = data.entries.filter((e) => shown.includes(e.kind)).sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
  const heading = `${mode}-heading`;

  async function confirmDelete() {
    const target = deleting;
    setDeleting(null);
    if (target) await result.run(() => deleteLedgerEntry(target.id), t('books:entry.deleted'), 'errors:anErrorOccurred');
  }

  return (
    <section aria-labelledby={heading} className={styles.form}>
      <div className={styles.cardHeader}>
        <h2 id={heading} className={styles.heading}>
          {t(`books:${mode}.title`)}
        </h2>
        {canWrite ? <Button onClick={() => setAdding(true)}>{t(`books:${mode}.add`)}</Button> : null}
      </div>
      {mode === 'pettyCash' ? (
        <p className={styles.total}>
          {t('books:pettyCash.balance')}: <span className={own.amount}>{f.agorot(pettyCashBalance(data.ledger))}</span>
        </p>
      ) : null}
      {rows.length === 0 ? <EmptyState message={t(`books:${mode}.empty`)} /> : null}
      <ul className={styles.list}>
        {rows.map((e) => {
          const out = e.kind === 'pettyCashOut' || e.kind === 'refund' || e.kind === 'bounce';
          return (
            <li key={e.id} className={styles.card} aria-label={t('books:entry.label', { description: ledgerText(e) })}>
              <div className={styles.cardHeader}>
                <h3 className={styles.cardTitle}>{ledgerText(e)}</h3>
                <RecordSyncBadge state={e.syncState} />
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('books:entry.kind')}</dt>
                  <dd>{t(`books:kinds.${e.kind}`)}</dd>
                </div>
                <div>
                  <dt>{t('books:expense.date')}</dt>
                  <dd>{f.date(e.date)}</dd>
                </div>
                <div>
                  <dt>{t('books:expense.amount')}</dt>
                  <dd className={`${own.amount} ${out ? own.out : ''}`}>{f.agorot(out ? -e.amountAgorot : e.amountAgorot)}</dd>
                </div>
              </dl>
              {canWrite && e.sourceKind === 'manual' ? (
                <div className={styles.actions}>
                  <Button variant="ghost" onClick={() => setDeleting(e)} aria-label={t('books:entry.deleteOf', { description: e.description })}>
                    {t('books:expense.delete')}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {adding ? (
        <EntryForm
          kinds={added}
          title={t(`books:${mode}.add`)}
          buildingId={buildingId}
          onClose={() => setAdding(false)}
          {...result.dialogOutcome(() => setAdding(false), t('books:entry.saved'))}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('books:entry.deleteTitle')}
        message={t('books:expense.deleteMessage', { description: deleting?.description ?? '' })}
        confirmLabel={t('books:expense.delete')}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

type FormProps = { kinds: readonly ManualLedgerKind[]; title: string; buildingId: number; onClose(): void; onSaved(): void; onFailed(): void };

function EntryForm({ kinds, title, buildingId, onClose, onSaved, onFailed }: FormProps) {
  const { t } = useTranslation(['books']);
  const [v, setV] = useState({ kind: kinds[0] ?? 'income', date: toLocalDateString(new Date()), amount: '', description: '' });
  const { setFailure, busy, errorOf, errorBesides, save } = useRuleForm(onFailed);
  const set = (field: keyof typeof v) => (value: string) => {
    setV((old) => ({ ...old, [field]: value }));
    setFailure(null);
  };
  const other = errorBesides(['kind', 'date', 'amountAgorot', 'description']);
  return (
    <FormDialog
      open
      title={title}
      onClose={onClose}
      formId="entry-form"
      formClassName={styles.form}
      submitLabel={t('books:entry.save')}
      busy={busy}
      onSubmit={() =>
        void save(async () => {
          await addLedgerEntry(buildingId, {
            kind: v.kind as ManualLedgerKind,
            date: v.date,
            amountAgorot: agorotFromText(v.amount),
            description: v.description,
          });
          onSaved();
        })
      }
    >
      <SelectField
        label={t('books:entry.kind')}
        value={v.kind}
        onValueChange={set('kind')}
        options={kinds.map((k) => ({ value: k, label: t(`books:kinds.${k}`) }))}
      />
      <DateField label={t('books:expense.date')} value={v.date} onValueChange={set('date')} error={errorOf('date')} />
      <TextField
        label={t('books:expense.amount')}
        value={v.amount}
        onValueChange={set('amount')}
        inputMode="decimal"
        autoComplete="off"
        error={errorOf('amountAgorot')}
      />
      <TextField label={t('books:expense.description')} value={v.description} onValueChange={set('description')} error={errorOf('description')} />
      {other ? <Alert className={styles.error}>{other}</Alert> : null}
    </FormDialog>
  );
}
