import { nisOf } from '../../lib/agorot';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterRule, SortRule } from '../../lib/filters';
import { applyFilters } from '../../lib/filters';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import type { useResult } from '../../ui/useResult';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import own from './Books.module.css';
import type { BooksData, ExpenseView } from './booksQueries';
import { AttachmentLink } from './AttachmentLink';
import { deleteExpense } from './booksRepo';
import { ExpenseForm } from './ExpenseForm';
import { FilterBar } from './FilterBar';

type Field = 'date' | 'description' | 'supplierName' | 'amount' | 'invoiceNumber' | 'group';

type Props = { buildingId: number; data: BooksData; canWrite: boolean; result: ReturnType<typeof useResult> };

/** The building's expenses, newest first, with a filter and a sort; add, correct or delete one. */
export function ExpensesPanel({ buildingId, data, canWrite, result }: Props) {
  const { t } = useTranslation(['books', 'errors']);
  const f = useFormats();
  const [editing, setEditing] = useState<ExpenseView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExpenseView | null>(null);
  const [rule, setRule] = useState<FilterRule<Field>>({ field: 'description', operator: 'contains', value: '' });
  const [sort, setSort] = useState<SortRule<Field>>({ field: 'date', direction: 'desc' });
  const fields = [
    { value: 'date', label: t('books:expense.date'), type: 'date' },
    { value: 'description', label: t('books:expense.description'), type: 'text' },
    { value: 'supplierName', label: t('books:expense.supplier'), type: 'text' },
    { value: 'amount', label: t('books:expense.amount'), type: 'number' },
    { value: 'invoiceNumber', label: t('books:expense.invoiceNumber'), type: 'text' },
    { value: 'group', label: t('books:expense.group'), type: 'text' },
  ] as const;
  const rows = applyFilters(
    data.expenses.map((e) => ({
      expense: e,
      date: e.date,
      description: e.description,
      supplierName: e.supplierName,
      amount: nisOf(e.amountAgorot),
      invoiceNumber: e.invoiceNumber,
      group: t(`books:groups.${e.group}`),
    })),
    [rule],
    [sort],
  );
  const total = rows.reduce((s, r) => s + r.expense.amountAgorot, 0);

  async function confirmDelete() {
    const target = deleting;
    setDeleting(null);
    if (target) await result.run(() => deleteExpense(target.id), t('books:expense.deleted'), 'errors:anErrorOccurred');
  }

  return (
    <section aria-labelledby="expenses-heading" className={styles.form}>
      <div className={styles.cardHeader}>
        <h2 id="expenses-heading" className={styles.heading}>
          {t('books:expense.listTitle', { n: rows.length })}
        </h2>
        {canWrite ? <Button onClick={() => setEditing('new')}>{t('books:expense.add')}</Button> : null}
      </div>
      <FilterBar fields={fields} rule={rule} sort={sort} onRule={setRule} onSort={setSort} />
      <p className={styles.total} aria-live="polite">
        {t('books:expense.total')}: <span className={own.amount}>{f.agorot(total)}</span>
      </p>
      {data.expenses.length === 0 ? (
        <EmptyState message={t('books:expense.empty')} />
      ) : rows.length === 0 ? (
        <EmptyState message={t('books:filters.noMatch')} />
      ) : null}
      <ul className={styles.list}>
        {rows.map(({ expense: e }) => (
          <li key={e.id} className={styles.card} aria-label={t('books:expense.label', { description: e.description })}>
            <div className={styles.cardHeader}>
              <h3 className={styles.cardTitle}>{e.description}</h3>
              <RecordSyncBadge state={e.syncState} />
            </div>
            <dl className={styles.facts}>
              <div>
                <dt>{t('books:expense.date')}</dt>
                <dd>{f.date(e.date)}</dd>
              </div>
              <div>
                <dt>{t('books:expense.amount')}</dt>
                <dd className={own.amount}>{f.agorot(e.amountAgorot)}</dd>
              </div>
              <div>
                <dt>{t('books:expense.group')}</dt>
                <dd>{t(`books:groups.${e.group}`)}</dd>
              </div>
              {e.supplierName ? (
                <div>
                  <dt>{t('books:expense.supplier')}</dt>
                  <dd>{e.supplierName}</dd>
                </div>
              ) : null}
              {e.invoiceNumber ? (
                <div>
                  <dt>{t('books:expense.invoiceNumber')}</dt>
                  <dd>{e.invoiceNumber}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('books:invoice.legend')}</dt>
                <dd>
                  {e.attachmentId ? (
                    <AttachmentLink
                      ownerTable="expenses"
                      ownerId={e.id}
                      fileId={e.attachmentId}
                      label={t('books:invoice.openOf', { description: e.description })}
                      text={t('books:invoice.open')}
                    />
                  ) : (
                    t('books:invoice.none')
                  )}
                </dd>
              </div>
            </dl>
            {canWrite ? (
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => setEditing(e)} aria-label={t('books:expense.editOf', { description: e.description })}>
                  {t('books:expense.edit')}
                </Button>
                <Button variant="ghost" onClick={() => setDeleting(e)} aria-label={t('books:expense.deleteOf', { description: e.description })}>
                  {t('books:expense.delete')}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {editing ? (
        <ExpenseForm
          buildingId={buildingId}
          suppliers={data.suppliers}
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          {...result.dialogOutcome(() => setEditing(null))}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('books:expense.deleteTitle')}
        message={t('books:expense.deleteMessage', { description: deleting?.description ?? '' })}
        confirmLabel={t('books:expense.delete')}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
