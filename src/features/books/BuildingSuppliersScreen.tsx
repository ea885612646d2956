import { nisOf } from '../../lib/agorot';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { getBuilding, pullBuildings } from '../../directory/buildingsRepo';
import { pullContacts } from '../../directory/contactsRepo';
import type { FilterRule, SortRule } from '../../lib/filters';
import { applyFilters } from '../../lib/filters';
import { useCan } from '../../session/useCan';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { ContactIconGroup } from '../../ui/ContactIconGroup';
import { EmptyState } from '../../ui/EmptyState';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { ResultDialog } from '../../ui/ResultDialog';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useResult } from '../../ui/useResult';
import styles from '../../ui/fieldScreens.module.css';
import own from './Books.module.css';
import { AttachmentLink } from './AttachmentLink';
import { BidForm } from './BidForm';
import type { BidView } from './booksQueries';
import { bidsOfBuilding, committeeOf, suppliersList } from './booksQueries';
import { pullBooks } from './booksRepo';
import type { ExpenseDraft } from './ExpenseForm';
import { ExpenseForm } from './ExpenseForm';
import { FilterBar } from './FilterBar';
import { approveBid, pullBids, pullSuppliers } from './suppliersRepo';

type Field = 'date' | 'supplierName' | 'amount' | 'description' | 'status';

/** /building-suppliers/:bid — the building's suppliers and committee, and its quotes: filter, sort, approve, turn into an expense. */
export function BuildingSuppliersScreen() {
  const { t } = useTranslation(['books', 'routes', 'errors']);
  const f = useFormats();
  const can = useCan();
  const bid = Number(useParams().bid);
  const valid = Number.isInteger(bid) && bid > 0;
  const building = useLiveQuery(() => (valid ? getBuilding(bid) : null), [bid, valid]);
  const suppliers = useLiveQuery(() => (valid ? suppliersList(bid) : []), [bid, valid]);
  const committee = useLiveQuery(() => (valid ? committeeOf(bid) : []), [bid, valid]);
  const bids = useLiveQuery(() => (valid ? bidsOfBuilding(bid) : []), [bid, valid]);
  const refresh = useServerRefresh(valid ? `building-suppliers:${bid}` : null, async (api) => {
    await pullBuildings(api);
    await Promise.all([pullSuppliers(api), pullBids(api, bid), pullContacts(api, bid), ...(can('books.read') ? [pullBooks(api, bid)] : [])]);
  });
  const result = useResult();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<ExpenseDraft | null>(null);
  const [rule, setRule] = useState<FilterRule<Field>>({ field: 'supplierName', operator: 'contains', value: '' });
  const [sort, setSort] = useState<SortRule<Field>>({ field: 'date', direction: 'desc' });

  if (!valid) return <EmptyState message={t('books:noBuilding.message')} />;
  if (building === undefined || !suppliers || !committee || !bids) return <Spinner />;
  if (!building)
    return refresh.state === 'loading' ? (
      <Spinner />
    ) : (
      <EmptyState message={t('books:loadFailed')} action={<Button onClick={refresh.retry}>{t('books:retry')}</Button>} />
    );
  const fields = [
    { value: 'date', label: t('books:bid.date'), type: 'date' },
    { value: 'supplierName', label: t('books:expense.supplier'), type: 'text' },
    { value: 'amount', label: t('books:expense.amount'), type: 'number' },
    { value: 'description', label: t('books:expense.description'), type: 'text' },
    { value: 'status', label: t('books:bid.status'), type: 'text' },
  ] as const;
  const rows = applyFilters(
    bids.map((b) => ({
      bid: b,
      date: b.date,
      supplierName: b.supplierName,
      amount: nisOf(b.amountAgorot),
      description: b.description,
      status: t(`books:bid.statuses.${b.status}`),
    })),
    [rule],
    [sort],
  );
  const supplierOf = (b: BidView) => suppliers.find((s) => s.id === b.supplierId);

  return (
    <div className={styles.screen}>
      <section className={styles.summary} aria-labelledby="bs-building">
        <h2 id="bs-building" className={styles.heading}>
          {t('books:bid.buildingTitle', { name: building.name })}
        </h2>
        {can('books.read') ? (
          <Link className={styles.link} to={`/books/${bid}`}>
            {t('routes:books')}
          </Link>
        ) : null}
      </section>

      <section aria-labelledby="bs-suppliers" className={styles.form}>
        <h2 id="bs-suppliers" className={styles.heading}>
          {t('books:supplier.ofBuilding', { n: suppliers.length })}
        </h2>
        {suppliers.length === 0 ? <EmptyState message={t('books:supplier.emptyBuilding')} /> : null}
        <ul className={styles.list}>
          {suppliers.map((s) => (
            <li key={s.id} className={styles.card}>
              <div className={styles.cardHeader}>
                <h3 className={styles.cardTitle}>
                  <Link className={styles.link} to={`/suppliers/${encodeURIComponent(s.id)}`}>
                    {s.name}
                  </Link>
                </h3>
                <span className={styles.muted}>{t(`books:groups.${s.domain}`)}</span>
              </div>
              <ContactIconGroup name={s.name} email={s.email} phone={s.phone} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="bs-committee" className={styles.form}>
        <h2 id="bs-committee" className={styles.heading}>
          {t('books:committee.title')}
        </h2>
        {committee.length === 0 ? <p className={styles.muted}>{t('books:committee.empty')}</p> : null}
        <ul className={styles.list}>
          {committee.map((c) => (
            <li key={c.id} className={styles.card}>
              <h3 className={styles.cardTitle}>{c.fullName}</h3>
              <ContactIconGroup name={c.fullName} email={c.email} phone={c.phone} />
            </li>
          ))}
        </ul>
      </section>

      {can('books.read') ? (
        <section aria-labelledby="bs-bids" className={styles.form}>
          <div className={styles.cardHeader}>
            <h2 id="bs-bids" className={styles.heading}>
              {t('books:bid.listTitle', { n: rows.length })}
            </h2>
            {can('books.write') && suppliers.length > 0 ? <Button onClick={() => setAdding(true)}>{t('books:bid.add')}</Button> : null}
          </div>
          <FilterBar fields={fields} rule={rule} sort={sort} onRule={setRule} onSort={setSort} />
          {bids.length === 0 ? <EmptyState message={t('books:bid.empty')} /> : rows.length === 0 ? <EmptyState message={t('books:filters.noMatch')} /> : null}
          <ul className={styles.list}>
            {rows.map(({ bid: b }) => (
              <li key={b.id} className={styles.card} aria-label={t('books:bid.label', { description: b.description })}>
                <div className={styles.cardHeader}>
                  <h3 className={styles.cardTitle}>{b.description}</h3>
                  <RecordSyncBadge state={b.syncState} />
                </div>
                <dl className={styles.facts}>
                  <div>
                    <dt>{t('books:expense.supplier')}</dt>
                    <dd>{b.supplierName}</dd>
                  </div>
                  <div>
                    <dt>{t('books:bid.date')}</dt>
                    <dd>{f.date(b.date)}</dd>
                  </div>
                  <div>
                    <dt>{t('books:expense.amount')}</dt>
                    <dd className={own.amount}>{f.agorot(b.amountAgorot)}</dd>
                  </div>
                  <div>
                    <dt>{t('books:bid.status')}</dt>
                    <dd>
                      {b.status === 'approved'
                        ? t('books:bid.approvedBy', { name: b.approvedBy ?? '', date: f.date(b.approvedAt) })
                        : t('books:bid.statuses.open')}
                    </dd>
                  </div>
                  {b.attachmentId ? (
                    <div>
                      <dt>{t('books:bid.file')}</dt>
                      <dd>
                        <AttachmentLink
                          ownerTable="bids"
                          ownerId={b.id}
                          fileId={b.attachmentId}
                          label={t('books:bid.openOf', { description: b.description })}
                          text={t('books:invoice.open')}
                        />
                      </dd>
                    </div>
                  ) : null}
                  {b.expenseId ? (
                    <div>
                      <dt>{t('books:tabs.expenses')}</dt>
                      <dd>{t('books:bid.expensed')}</dd>
                    </div>
                  ) : null}
                </dl>
                <div className={styles.actions}>
                  {b.status === 'open' && can('bids.approve') ? (
                    <Button
                      onClick={() => void result.run(() => approveBid(b.id), t('books:bid.approved'), 'errors:anErrorOccurred')}
                      aria-label={t('books:bid.approveOf', { description: b.description })}
                    >
                      {t('books:bid.approve')}
                    </Button>
                  ) : null}
                  {b.status === 'approved' && !b.expenseId && can('books.write') ? (
                    <Button
                      variant="secondary"
                      onClick={() =>
                        setDraft({
                          supplierId: b.supplierId,
                          amountAgorot: b.amountAgorot,
                          description: b.description,
                          group: supplierOf(b)?.domain ?? 'maintenance',
                          bidId: b.id,
                        })
                      }
                      aria-label={t('books:bid.toExpenseOf', { description: b.description })}
                    >
                      {t('books:bid.toExpense')}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {adding ? (
        <BidForm
          buildingId={bid}
          suppliers={suppliers}
          onClose={() => setAdding(false)}
          {...result.dialogOutcome(() => setAdding(false), t('books:bid.saved'))}
        />
      ) : null}
      {draft ? (
        <ExpenseForm
          buildingId={bid}
          suppliers={suppliers}
          editing={null}
          draft={draft}
          onClose={() => setDraft(null)}
          {...result.dialogOutcome(() => setDraft(null))}
        />
      ) : null}
      <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={result.close} />
    </div>
  );
}
