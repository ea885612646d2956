import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { db } from '../../db/db';
import type { SupplierRow } from '../../db/schema';
import { pullBuildings } from '../../directory/buildingsRepo';
import { normalizeForSearch } from '../../lib/text';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { ContactIconGroup } from '../../ui/ContactIconGroup';
import { EmptyState } from '../../ui/EmptyState';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { ResultDialog } from '../../ui/ResultDialog';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useResult } from '../../ui/useResult';
import styles from '../../ui/fieldScreens.module.css';
import { suppliersList } from './booksQueries';
import { SupplierForm } from './SupplierForm';
import { pullSuppliers } from './suppliersRepo';

const matches = (s: SupplierRow, query: string) => {
  const q = normalizeForSearch(query.trim());
  return q === '' || [s.name, s.phone ?? '', s.email ?? ''].some((x) => normalizeForSearch(x).includes(q));
};

/** /suppliers/:supplierid? — the company's suppliers: search, add, and one supplier's details. */
export function SuppliersScreen() {
  const { t } = useTranslation(['books', 'errors']);
  const can = useCan();
  const { session } = useSession();
  const supplierId = useParams().supplierid;
  const suppliers = useLiveQuery(() => suppliersList(), []);
  const buildings = useLiveQuery(() => db.buildings.orderBy('number').toArray(), []);
  const refresh = useServerRefresh('suppliers', async (api) => {
    await Promise.all([pullBuildings(api), pullSuppliers(api)]);
  });
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<SupplierRow | 'new' | null>(null);
  const result = useResult();
  if (!suppliers || !buildings) return <Spinner />;
  const chosen = supplierId ? suppliers.find((s) => s.id === supplierId) : undefined;
  const shown = suppliers.filter((s) => matches(s, query));
  const names = new Map(buildings.map((b) => [b.id, b.name]));

  return (
    <div className={styles.screen}>
      {supplierId && !chosen ? (
        refresh.state === 'loading' ? (
          <Spinner />
        ) : (
          <EmptyState
            title={t('books:supplier.missingTitle')}
            message={t('books:supplier.missing')}
            action={
              <Link className={styles.link} to="/suppliers">
                {t('books:supplier.all')}
              </Link>
            }
          />
        )
      ) : null}
      {chosen ? (
        <section className={styles.summary} aria-labelledby="supplier-name">
          <div>
            <h2 id="supplier-name" className={styles.heading}>
              {chosen.name}
            </h2>
            <p className={styles.muted}>{t(`books:groups.${chosen.domain}`)}</p>
          </div>
          <ContactIconGroup name={chosen.name} email={chosen.email} phone={chosen.phone} />
          <dl className={styles.facts}>
            <div>
              <dt>{t('books:supplier.phone')}</dt>
              <dd>{chosen.phone ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('books:supplier.email')}</dt>
              <dd>{chosen.email ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('books:supplier.buildings')}</dt>
              <dd>{chosen.buildingIds.map((id) => names.get(id) ?? String(id)).join(', ') || '—'}</dd>
            </div>
          </dl>
          <div className={styles.actions}>
            {can('suppliers.write') ? (
              <Button variant="secondary" onClick={() => setEditing(chosen)}>
                {t('books:supplier.edit')}
              </Button>
            ) : null}
            <Link className={styles.link} to="/suppliers">
              {t('books:supplier.all')}
            </Link>
          </div>
        </section>
      ) : null}
      <section aria-labelledby="suppliers-heading" className={styles.form}>
        <div className={styles.cardHeader}>
          <h2 id="suppliers-heading" className={styles.heading}>
            {t('books:supplier.listTitle', { n: shown.length })}
          </h2>
          {can('suppliers.write') ? <Button onClick={() => setEditing('new')}>{t('books:supplier.add')}</Button> : null}
        </div>
        <TextField label={t('books:supplier.search')} type="search" value={query} onValueChange={setQuery} />
        {refresh.state === 'loading' && suppliers.length === 0 ? <Spinner /> : null}
        {refresh.state === 'failed' && suppliers.length === 0 ? (
          <EmptyState message={t('books:loadFailed')} action={<Button onClick={refresh.retry}>{t('books:retry')}</Button>} />
        ) : null}
        {refresh.state === 'done' && suppliers.length === 0 ? <EmptyState message={t('books:supplier.empty')} /> : null}
        {suppliers.length > 0 && shown.length === 0 ? <EmptyState message={t('books:filters.noMatch')} /> : null}
        <ul className={styles.list}>
          {shown.map((s) => (
            <li key={s.id} className={styles.card}>
              <div className={styles.cardHeader}>
                <h3 className={styles.cardTitle}>
                  <Link className={styles.link} to={`/suppliers/${encodeURIComponent(s.id)}`}>
                    {s.name}
                  </Link>
                </h3>
                <RecordSyncBadge state={s.syncState} />
              </div>
              <p className={styles.muted}>{t(`books:groups.${s.domain}`)}</p>
              <ContactIconGroup name={s.name} email={s.email} phone={s.phone} />
            </li>
          ))}
        </ul>
      </section>
      {editing ? (
        <SupplierForm
          editing={editing === 'new' ? null : editing}
          buildings={buildings}
          defaultBuildingIds={session.bID ? [session.bID] : buildings.length === 1 && buildings[0] ? [buildings[0].id] : []}
          onClose={() => setEditing(null)}
          {...result.dialogOutcome(() => setEditing(null))}
        />
      ) : null}
      <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={result.close} />
    </div>
  );
}
