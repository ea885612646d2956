import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { getBuilding, pullBuildings } from '../../directory/buildingsRepo';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ResultDialog } from '../../ui/ResultDialog';
import { Spinner } from '../../ui/Spinner';
import { useResult } from '../../ui/useResult';
import styles from '../../ui/fieldScreens.module.css';
import own from './Books.module.css';
import { booksOfBuilding, defaultBuildingId } from './booksQueries';
import { pullBooks } from './booksRepo';
import { BudgetPanel } from './BudgetPanel';
import { ExpensesPanel } from './ExpensesPanel';
import { LedgerPanel } from './LedgerPanel';
import { ReportsPanel } from './ReportsPanel';
import { SummaryPanel } from './SummaryPanel';
import { pullSuppliers } from './suppliersRepo';
import { buildingsPath } from '../../lib/appPaths';

const tabs = ['summary', 'expenses', 'income', 'budget', 'pettyCash', 'reports'] as const;
type Tab = (typeof tabs)[number];

/** /books/:bid? — the committee's books of a building (the current building when no id is given). */
export function BooksScreen() {
  const { t } = useTranslation(['books', 'errors']);
  const can = useCan();
  const { session } = useSession();
  const param = useParams().bid;
  const fallback = useLiveQuery(() => defaultBuildingId(session.bID), [session.bID]);
  const bid = param ? Number(param) : (fallback ?? 0);
  const valid = Number.isInteger(bid) && bid > 0;
  const [tab, setTab] = useState<Tab>('summary');
  const result = useResult();
  const building = useLiveQuery(() => (valid ? getBuilding(bid) : null), [bid, valid]);
  const data = useLiveQuery(() => (valid ? booksOfBuilding(bid) : null), [bid, valid]);
  const refresh = useServerRefresh(valid ? `books:${bid}` : null, async (api) => {
    await pullBuildings(api);
    await Promise.all([pullBooks(api, bid), pullSuppliers(api)]);
  });
  const canWrite = can('books.write');

  if (!param && fallback === undefined) return <Spinner />;
  if (!valid)
    return (
      <EmptyState
        title={t('books:noBuilding.title')}
        message={t('books:noBuilding.message')}
        action={
          <Link className={styles.link} to={buildingsPath}>
            {t('books:noBuilding.choose')}
          </Link>
        }
      />
    );
  if (building === undefined || data === undefined || data === null) return <Spinner />;
  if (!building) {
    if (refresh.state === 'loading') return <Spinner />;
    return <EmptyState message={t('books:loadFailed')} action={<Button onClick={refresh.retry}>{t('books:retry')}</Button>} />;
  }
  const nothing = data.ledger.length === 0 && data.expenses.length === 0;

  return (
    <div className={styles.screen}>
      <section className={styles.summary} aria-labelledby="books-building">
        <div>
          <h2 id="books-building" className={styles.heading}>
            {t('books:title', { name: building.name })}
          </h2>
          <p className={styles.muted}>{`${building.address}, ${building.city}`}</p>
        </div>
        <nav className={`${styles.actions} ${own.noPrint}`} aria-label={t('books:moreLinks')}>
          <Link className={styles.link} to="/financial-report">
            {t('books:links.financialReport')}
          </Link>
          <Link className={styles.link} to={`/statements/${bid}`}>
            {t('books:links.statements')}
          </Link>
          {can('suppliers.read') ? (
            <Link className={styles.link} to={`/building-suppliers/${bid}`}>
              {t('books:links.buildingSuppliers')}
            </Link>
          ) : null}
        </nav>
      </section>
      <div role="tablist" aria-label={t('books:tabs.label')} className={`${styles.tabs} ${own.tabs} ${own.noPrint}`}>
        {tabs.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            id={`books-tab-${x}`}
            aria-controls="books-panel"
            aria-selected={tab === x}
            className={styles.tab}
            onClick={() => setTab(x)}
          >
            {t(`books:tabs.${x}`)}
          </button>
        ))}
      </div>
      <div id="books-panel" role="tabpanel" aria-labelledby={`books-tab-${tab}`}>
        {refresh.state === 'loading' && nothing ? (
          <Spinner />
        ) : refresh.state === 'failed' && nothing ? (
          <EmptyState message={t('books:loadFailed')} action={<Button onClick={refresh.retry}>{t('books:retry')}</Button>} />
        ) : (
          <>
            {tab === 'summary' ? <SummaryPanel buildingId={bid} data={data} /> : null}
            {tab === 'expenses' ? <ExpensesPanel buildingId={bid} data={data} canWrite={canWrite} result={result} /> : null}
            {tab === 'income' ? <LedgerPanel mode="income" buildingId={bid} data={data} canWrite={canWrite} result={result} /> : null}
            {tab === 'budget' ? <BudgetPanel buildingId={bid} data={data} canWrite={canWrite} result={result} /> : null}
            {tab === 'pettyCash' ? <LedgerPanel mode="pettyCash" buildingId={bid} data={data} canWrite={canWrite} result={result} /> : null}
            {tab === 'reports' ? <ReportsPanel buildingId={bid} buildingName={building.name} data={data} onFailed={result.fail} /> : null}
          </>
        )}
      </div>
      <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={result.close} />
    </div>
  );
}
