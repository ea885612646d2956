import { nisOf } from '../../lib/agorot';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BudgetGroup } from '../../lib/domain/books';
import { agorotFromText, budgetGroups } from '../../lib/domain/books';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import type { useResult } from '../../ui/useResult';
import { useFormats } from '../../ui/useFormats';
import { useRuleForm } from '../../ui/useRuleForm';
import { YearDropdown } from '../../ui/YearDropdown';
import styles from '../../ui/fieldScreens.module.css';
import own from './Books.module.css';
import { ScrollArea } from './ScrollArea';
import type { BooksData } from './booksQueries';
import { budgetOf } from './booksQueries';
import { BarChart, tokenColor } from './BarChart';
import { setBudget } from './booksRepo';
import { Alert } from '../../ui/Alert';

type Props = { buildingId: number; data: BooksData; canWrite: boolean; result: ReturnType<typeof useResult> };

/** A year's budget per group against what was spent, per year and per month (the year dropdown: this year and three before). */
export function BudgetPanel({ buildingId, data, canWrite, result }: Props) {
  const { t } = useTranslation(['books', 'common', 'errors']);
  const f = useFormats();
  const [year, setYear] = useState(new Date().getFullYear());
  const [month, setMonth] = useState<number | 'year'>('year');
  const [editing, setEditing] = useState<{ group: BudgetGroup; amount: string } | null>(null);
  const rows = budgetOf(data, year);
  const actualOf = (r: (typeof rows)[number]) => (month === 'year' ? r.actual : (r.months[month] ?? 0));
  const budgetOfRow = (r: (typeof rows)[number]) => (month === 'year' ? r.budget : Math.round(r.budget / 12));
  const totals = rows.reduce((s, r) => ({ budget: s.budget + budgetOfRow(r), actual: s.actual + actualOf(r) }), { budget: 0, actual: 0 });
  const groupLabel = (g: string) => (g ? t(`books:groups.${g}`) : t('books:groups.none'));

  return (
    <section aria-labelledby="budget-heading" className={styles.form}>
      <div className={styles.cardHeader}>
        <h2 id="budget-heading" className={styles.heading}>
          {t('books:budget.title', { year })}
        </h2>
        {canWrite ? <Button onClick={() => setEditing({ group: 'maintenance', amount: '' })}>{t('books:budget.set')}</Button> : null}
      </div>
      <YearDropdown value={year} onChange={setYear} />
      <SelectField
        label={t('books:budget.period')}
        value={String(month)}
        onValueChange={(v) => setMonth(v === 'year' ? 'year' : Number(v))}
        options={[
          { value: 'year', label: t('books:budget.wholeYear') },
          ...Array.from({ length: 12 }, (_, m) => ({ value: String(m), label: t(`books:months.${m}`) })),
        ]}
      />
      {rows.length === 0 ? <EmptyState message={t('books:budget.empty', { year })} /> : null}
      {rows.length > 0 ? (
        <BarChart
          horizontal
          labels={rows.map((r) => groupLabel(r.group))}
          series={[
            { label: t('books:budget.budget'), values: rows.map(budgetOfRow), color: tokenColor('--color-primary') },
            { label: t('books:budget.actual'), values: rows.map(actualOf), color: tokenColor('--color-danger') },
          ]}
          summary={t('books:budget.chartSummary', { budget: f.agorot(totals.budget), actual: f.agorot(totals.actual) })}
        />
      ) : null}
      {rows.length > 0 ? (
        <ScrollArea label={t('books:budget.caption', { year })}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{t('books:budget.caption', { year })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('books:expense.group')}</th>
                <th scope="col">{t('books:budget.budget')}</th>
                <th scope="col">{t('books:budget.actual')}</th>
                <th scope="col">{t('books:budget.remaining')}</th>
                <th scope="col">{t('books:budget.used')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const budget = budgetOfRow(r);
                const actual = actualOf(r);
                const over = actual > budget;
                const share = budget > 0 ? Math.round((actual / budget) * 100) : actual > 0 ? 100 : 0;
                return (
                  <tr key={r.group || 'none'}>
                    <th scope="row">
                      {canWrite && r.group ? (
                        <button
                          type="button"
                          className={styles.link}
                          onClick={() => setEditing({ group: r.group as BudgetGroup, amount: nisOf(r.budget).toFixed(2) })}
                          aria-label={t('books:budget.editOf', { group: groupLabel(r.group) })}
                        >
                          {groupLabel(r.group)}
                        </button>
                      ) : (
                        groupLabel(r.group)
                      )}
                    </th>
                    <td className={own.numeric}>{f.agorot(budget)}</td>
                    <td className={own.numeric}>{f.agorot(actual)}</td>
                    <td className={`${own.numeric} ${over ? own.over : ''}`}>{f.agorot(budget - actual)}</td>
                    <td>
                      <span className={own.track} role="img" aria-label={t('books:budget.usedOf', { percent: share })}>
                        <span className={`${own.bar} ${over ? own.barOver : ''}`} style={{ inlineSize: `${Math.min(share, 100)}%` }} />
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('books:budget.total')}</th>
                <td className={own.numeric}>{f.agorot(totals.budget)}</td>
                <td className={own.numeric} data-testid="budget-actual-total">
                  {f.agorot(totals.actual)}
                </td>
                <td className={own.numeric}>{f.agorot(totals.budget - totals.actual)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </ScrollArea>
      ) : null}
      {editing ? (
        <BudgetForm
          buildingId={buildingId}
          year={year}
          initial={editing}
          onClose={() => setEditing(null)}
          {...result.dialogOutcome(() => setEditing(null), t('books:budget.saved'))}
        />
      ) : null}
    </section>
  );
}

type FormProps = { buildingId: number; year: number; initial: { group: BudgetGroup; amount: string }; onClose(): void; onSaved(): void; onFailed(): void };

function BudgetForm({ buildingId, year, initial, onClose, onSaved, onFailed }: FormProps) {
  const { t } = useTranslation(['books']);
  const [group, setGroup] = useState<BudgetGroup>(initial.group);
  const [amount, setAmount] = useState(initial.amount);
  const { setFailure, busy, errorOf, errorBesides, save } = useRuleForm(onFailed);
  const other = errorBesides(['group', 'amountAgorot']);
  return (
    <FormDialog
      open
      title={t('books:budget.formTitle', { year })}
      onClose={onClose}
      formId="budget-form"
      formClassName={styles.form}
      submitLabel={t('books:budget.save')}
      busy={busy}
      onSubmit={() =>
        void save(async () => {
          await setBudget(buildingId, year, group, agorotFromText(amount));
          onSaved();
        })
      }
    >
      <SelectField
        label={t('books:expense.group')}
        value={group}
        onValueChange={(g) => {
          setGroup(g as BudgetGroup);
          setFailure(null);
        }}
        error={errorOf('group')}
        options={budgetGroups.map((g) => ({ value: g, label: t(`books:groups.${g}`) }))}
      />
      <TextField
        label={t('books:budget.yearAmount')}
        value={amount}
        onValueChange={(v) => {
          setAmount(v);
          setFailure(null);
        }}
        inputMode="decimal"
        autoComplete="off"
        error={errorOf('amountAgorot')}
      />
      {other ? <Alert className={styles.error}>{other}</Alert> : null}
    </FormDialog>
  );
}
