import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Period } from '../../lib/domain/ledger';
import { accountEffect } from '../../lib/domain/ledger';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/SelectField';
import { useFormats } from '../../ui/useFormats';
import { useLedgerText } from '../../ui/useLedgerText';
import { YearDropdown } from '../../ui/YearDropdown';
import styles from '../../ui/fieldScreens.module.css';
import own from './Books.module.css';
import { AmountFacts } from './AmountFacts';
import { ScrollArea } from './ScrollArea';
import type { BooksData } from './booksQueries';
import { BarChart, tokenColor } from './BarChart';
import { ExportButtons } from './ExportButtons';
import { detailedRows, detailedTable, periodicRows, periodicTable, yearRange } from './reports';

type Props = { buildingId: number; buildingName: string; data: BooksData; onFailed(reasonKey: string): void };

/** Periodic (month / quarter / year totals, income against expenses) and detailed activity of a year; CSV and print. */
export function ReportsPanel({ buildingId, buildingName, data, onFailed }: Props) {
  const { t } = useTranslation(['books']);
  const f = useFormats();
  const ledgerText = useLedgerText();
  const [year, setYear] = useState(new Date().getFullYear());
  const [period, setPeriod] = useState<Period>('month');
  const [detailed, setDetailed] = useState(false);
  const range = yearRange(year);
  const totals = periodicRows(data.ledger, period, range);
  const rows = detailedRows(data.ledger, range);
  const sum = totals.reduce((s, r) => ({ income: s.income + r.income, expenses: s.expenses + r.expenses }), { income: 0, expenses: 0 });
  const periodName = (key: string) =>
    period === 'month' ? t(`books:months.${Number(key.slice(5, 7)) - 1}`) : period === 'quarter' ? t('books:reports.quarter', { n: key.slice(-1) }) : key;
  const header = [t('books:reports.period'), t('books:reports.income'), t('books:reports.expenses'), t('books:reports.net')];

  function table() {
    if (!detailed) return periodicTable(totals, header, t('books:budget.total'), periodName);
    return detailedTable(rows, {
      header: [
        t('books:expense.date'),
        t('books:entry.kind'),
        t('books:expense.group'),
        t('books:expense.description'),
        t('books:reports.in'),
        t('books:reports.out'),
      ],
      kindName: (k) => t(`books:kinds.${k}`),
      description: ledgerText,
      groupName: (g) => (g ? t(`books:groups.${g}`) : ''),
      total: t('books:budget.total'),
    });
  }

  return (
    <section aria-labelledby="reports-heading" className={styles.form}>
      <h2 id="reports-heading" className={styles.heading}>
        {t('books:reports.title', { name: buildingName, year })}
      </h2>
      <div className={own.noPrint}>
        <YearDropdown value={year} onChange={setYear} />
        <SelectField
          label={t('books:reports.view')}
          value={detailed ? 'detailed' : period}
          onValueChange={(v) => {
            setDetailed(v === 'detailed');
            if (v !== 'detailed') setPeriod(v as Period);
          }}
          options={[
            { value: 'month', label: t('books:reports.byMonth') },
            { value: 'quarter', label: t('books:reports.byQuarter') },
            { value: 'year', label: t('books:reports.byYear') },
            { value: 'detailed', label: t('books:reports.detailed') },
          ]}
        />
        <ExportButtons fileName={`${buildingId}-${year}-${detailed ? 'activity' : period}`} sheet={String(year)} table={table} onFailed={onFailed} />
      </div>
      <AmountFacts
        facts={[
          { label: t('books:reports.income'), agorot: sum.income },
          { label: t('books:reports.expenses'), agorot: sum.expenses },
          { label: t('books:reports.net'), agorot: sum.income - sum.expenses },
        ]}
      />
      {(detailed ? rows.length : totals.length) === 0 ? <EmptyState message={t('books:reports.empty', { year })} /> : null}
      {!detailed && totals.length > 0 ? (
        <BarChart
          labels={totals.map((r) => periodName(r.period))}
          series={[
            { label: t('books:reports.income'), values: totals.map((r) => r.income), color: tokenColor('--color-success') },
            { label: t('books:reports.expenses'), values: totals.map((r) => r.expenses), color: tokenColor('--color-danger') },
          ]}
          summary={t('books:reports.chartSummary', { year, income: f.agorot(sum.income), expenses: f.agorot(sum.expenses) })}
        />
      ) : null}
      {!detailed && totals.length > 0 ? (
        <ScrollArea label={t('books:reports.caption', { year })}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{t('books:reports.caption', { year })}</caption>
            <thead>
              <tr>
                {header.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {totals.map((r) => (
                <tr key={r.period}>
                  <th scope="row">{periodName(r.period)}</th>
                  <td className={own.numeric}>{f.agorot(r.income)}</td>
                  <td className={own.numeric}>{f.agorot(r.expenses)}</td>
                  <td className={`${own.numeric} ${r.net < 0 ? own.over : ''}`}>{f.agorot(r.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      ) : null}
      {detailed && rows.length > 0 ? (
        <ScrollArea label={t('books:reports.detailed')}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{t('books:reports.detailed')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('books:expense.date')}</th>
                <th scope="col">{t('books:entry.kind')}</th>
                <th scope="col">{t('books:expense.description')}</th>
                <th scope="col">{t('books:expense.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id}>
                  <td>{f.date(e.date)}</td>
                  <td>{t(`books:kinds.${e.kind}`)}</td>
                  <td>{ledgerText(e)}</td>
                  <td className={own.numeric}>{f.agorot(accountEffect(e))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      ) : null}
    </section>
  );
}
