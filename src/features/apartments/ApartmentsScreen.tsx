import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isLanguageCode } from '../../i18n/languages';
import { formatNis } from '../../lib/money';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { useOnlineList } from '../../session/useOnlineList';
import { useOnline } from '../../ui/useOnline';
import { getBuilding } from '../../directory/buildingsRepo';
import { TakeDayOfflineButton } from '../../session/TakeDayOfflineButton';
import { ApartmentCard } from './ApartmentCard';
import { useApartmentsRefresh } from './useApartmentsRefresh';
import { israelToday } from '../../lib/domain/debtAge';
import { apartmentsOfBuilding } from './apartmentsQueries';
import type { ApartmentWithTenants } from './apartmentsQueries';
import { NoBuildingSelected } from './NoBuildingSelected';
import { BuildingNotTaken, useNotTaken } from '../../session/BuildingNotTaken';
import { LegalHoldControl } from './LegalHoldControl';
import type { LegalHold } from './legalHoldsRepo';
import { buildingHolds } from './legalHoldsRepo';
import styles from './ApartmentsScreen.module.css';
import { buildingsPath } from '../../lib/appPaths';

function matches(item: ApartmentWithTenants, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return true;
  return item.apartment.number.toLocaleLowerCase() === q || item.tenants.some((c) => c.fullName.toLocaleLowerCase().includes(q) || (c.phone ?? '').includes(q));
}

/** `/apartments`: the current building's apartments with their tenants. */
export function ApartmentsScreen() {
  const { t, i18n } = useTranslation(['buildings', 'billing']);
  const { session } = useSession();
  const buildingId = session.bID;
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const today = israelToday(new Date());
  const building = useLiveQuery(() => getBuilding(buildingId), [buildingId]);
  const apartments = useLiveQuery(() => (buildingId === null ? Promise.resolve([]) : apartmentsOfBuilding(buildingId, today)), [buildingId, today]);
  const refresh = useApartmentsRefresh(buildingId);
  const shown = useMemo(() => apartments?.filter((a) => matches(a, deferredFilter)), [apartments, deferredFilter]);
  const locale = isLanguageCode(i18n.language) ? i18n.language : 'he';
  const online = useOnline();
  const canHold = useCan()('apartments.hold');
  // Legal proceedings are the server's alone (the payment refusal is there): read while online.
  const holds = useOnlineList<LegalHold>(canHold ? buildingId : null, online, () => buildingHolds(buildingId ?? 0));
  // The last list read stays while it is read again after a change (the controls keep their messages).
  const [known, setKnown] = useState<{ buildingId: number | null; rows: LegalHold[] } | null>(null);
  if (holds.rows && holds.rows !== known?.rows) setKnown({ buildingId, rows: holds.rows });
  const holdRows = known?.buildingId === buildingId ? known.rows : null;
  const notTaken = useNotTaken(buildingId, refresh.failed);

  if (buildingId === null) return <NoBuildingSelected />;
  if (building === undefined || apartments === undefined || shown === undefined) return <Spinner label={t('apartments.loading')} />;
  if (building === null) return <NoBuildingSelected />;

  const totalDebt = apartments.reduce((sum, a) => sum + a.apartment.debt, 0);
  return (
    <div className={styles.screen}>
      <section className={styles.summary} aria-labelledby="apartments-building">
        <div>
          <h2 id="apartments-building" className={styles.buildingName}>
            {building.name}
          </h2>
          <p className={styles.muted}>{t('profile.addressLine', { address: building.address, city: building.city })}</p>
        </div>
        <Link to={buildingsPath} className={styles.changeLink}>
          {t('apartments.changeBuilding')}
        </Link>
        <p className={styles.summaryLine}>{t('apartments.summary', { count: apartments.length, debt: formatNis(totalDebt, locale) })}</p>
      </section>
      {canHold && (!online || holds.error) ? (
        <p className={styles.notice} role="status">
          {t(online ? 'billing:hold.loadFailed' : 'billing:hold.needsConnection')}
        </p>
      ) : null}
      {notTaken ? (
        <BuildingNotTaken buildingId={buildingId} />
      ) : refresh.failed ? (
        <p className={styles.notice} role="status">
          {t('list.refreshFailed')}
        </p>
      ) : null}
      {apartments.length === 0 ? (
        notTaken ? null : refresh.refreshing ? (
          <Spinner label={t('apartments.loading')} />
        ) : (
          <EmptyState title={t('apartments.emptyTitle')} message={t('apartments.empty')} action={<TakeDayOfflineButton />} />
        )
      ) : (
        <>
          <TextField type="search" label={t('apartments.filter')} value={filter} onValueChange={setFilter} autoComplete="off" />
          {shown.length === 0 ? (
            <EmptyState message={t('apartments.noMatch')} />
          ) : (
            <div className={styles.list}>
              {shown.map((item) => (
                <ApartmentCard
                  key={item.apartment.id}
                  item={item}
                  locale={locale}
                  staff={
                    canHold && holdRows ? (
                      <LegalHoldControl
                        apartmentId={item.apartment.id}
                        number={item.apartment.number}
                        hold={holdRows.find((h) => h.apartmentId === item.apartment.id) ?? null}
                        online={online}
                        onChanged={holds.reload}
                      />
                    ) : null
                  }
                />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
