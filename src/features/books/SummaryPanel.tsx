import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { toLocalDateString } from '../../lib/dates';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import own from './Books.module.css';
import type { BooksData } from './booksQueries';
import { israelToday, openChargesByAge } from '../../lib/domain/debtAge';
import { openDebtsTotal, outlookOf, summaryOf } from './booksQueries';

/** The summary of the building: balance, this month's income, expenses and net, petty cash, open debts, calls and tests. */
export function SummaryPanel({ buildingId, data }: { buildingId: number; data: BooksData }) {
  const { t } = useTranslation(['books']);
  const f = useFormats();
  const today = toLocalDateString(new Date());
  const outlook = useLiveQuery(() => outlookOf(buildingId, today), [buildingId, today]);
  const s = summaryOf(data.ledger);
  const byAge = openChargesByAge(data.ledger, israelToday(new Date()));
  const facts = [
    { id: 'balance', label: t('books:summary.balance'), value: f.agorot(s.balance) },
    { id: 'monthIncome', label: t('books:summary.monthIncome'), value: f.agorot(s.monthIncome) },
    { id: 'monthExpenses', label: t('books:summary.monthExpenses'), value: f.agorot(s.monthExpenses) },
    { id: 'net', label: t('books:summary.net'), value: f.agorot(s.net) },
    { id: 'pettyCash', label: t('books:summary.pettyCash'), value: f.agorot(s.pettyCash) },
    { id: 'openDebts', label: t('books:summary.openDebts'), value: f.agorot(openDebtsTotal(data.ledger)) },
    { id: 'openPastDue', label: t('books:summary.openPastDue'), value: f.agorot(byAge.pastDue) },
    { id: 'openCurrent', label: t('books:summary.openCurrent'), value: f.agorot(byAge.current) },
    { id: 'openComing', label: t('books:summary.openComing'), value: f.agorot(byAge.coming) },
    { id: 'openCalls', label: t('books:summary.openCalls'), value: String(outlook?.openCalls ?? '—') },
  ];
  return (
    <section aria-labelledby="summary-heading" className={styles.form}>
      <h2 id="summary-heading" className={styles.heading}>
        {t('books:summary.title')}
      </h2>
      <dl className={styles.facts}>
        {facts.map((x) => (
          <div key={x.id}>
            <dt>{x.label}</dt>
            <dd className={own.amount} data-fact={x.id}>
              {x.value}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.subheading}>{t('books:summary.nextTests')}</h3>
      {outlook && outlook.nextTests.length === 0 ? <p className={styles.muted}>{t('books:summary.noTests')}</p> : null}
      <ul className={styles.list}>
        {outlook?.nextTests.map((x) => (
          <li key={x.id}>
            {f.date(x.plannedDate)} · {x.title}
          </li>
        ))}
      </ul>
    </section>
  );
}
