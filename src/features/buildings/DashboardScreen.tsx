import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import fieldStyles from '../../ui/TextField.module.css';
import { dropPaintedStart } from '../../session/paintedStart';
import { useSession } from '../../session/sessionContext';
import { TakeDayOfflineButton } from '../../session/TakeDayOfflineButton';
import { buildingOrders, filterAndSortBuildings, parseBuildingOrder } from './buildingListing';
import { BuildingList } from './BuildingList';
import { BuildingProfileCard } from './BuildingProfileCard';
import { buildingProfile, dashboardList } from './buildingsQueries';
import { takeEarlyDashboard } from './earlyDashboard';
import { useBuildingsRefresh } from './useBuildingsRefresh';
import styles from './DashboardScreen.module.css';

const SEARCH_SAVE_DELAY_MS = 300;

type Props = {
  /** Refreshes what the list counts (the open calls, which the service-calls feature pulls). */
  refreshCounts?: () => Promise<unknown>;
  /** The list is the user's home screen (app/homeRoute.ts). */
  isHome?: boolean;
};

/** `/buildings`: the buildings of the cached unit list; choosing one makes it the current building. */
export function DashboardScreen({ refreshCounts, isHome = false }: Props) {
  const { t, i18n } = useTranslation(['buildings', 'common']);
  const { session, update } = useSession();
  const [search, setSearch] = useState(session.buildingsSearch);
  const order = parseBuildingOrder(session.buildingsOrder);

  // The search survives navigation (session state) without a vault write per keystroke.
  useEffect(() => {
    if (search === session.buildingsSearch) return;
    const timer = setTimeout(() => void update({ buildingsSearch: search }), SEARCH_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, session.buildingsSearch, update]);

  // A start on this page read the list already (earlyDashboard.ts): shown until the live query answers.
  const [early] = useState(takeEarlyDashboard);
  const list = useLiveQuery(dashboardList, [], early);
  const buildings = list?.buildings;
  const counts = list?.counts;
  const profile = useLiveQuery(() => buildingProfile(session.bID), [session.bID]);
  const refresh = useBuildingsRefresh(refreshCounts);

  const items = useMemo(
    () => (buildings && counts ? filterAndSortBuildings(buildings, counts, search, order, i18n.language) : undefined),
    [buildings, counts, search, order, i18n.language],
  );

  // Nothing to list (no buildings, no match): the painted start (session/paintedStart.ts) goes at once.
  const nothingToList = items !== undefined && buildings !== undefined && (items.length === 0 ? !refresh.refreshing || buildings.length > 0 : false);
  useEffect(() => {
    if (nothingToList) dropPaintedStart();
  }, [nothingToList]);

  // After a choice, the profile card (with its quick links) is where the user goes next.
  const focusProfile = useRef(false);
  const profileId = profile?.building.id;
  useEffect(() => {
    if (!focusProfile.current || profileId === undefined) return;
    focusProfile.current = false;
    window.scrollTo({ top: 0, behavior: 'smooth' });
    document.getElementById('current-building')?.focus({ preventScroll: true });
  }, [profileId]);

  async function select(id: number) {
    if (id === profileId) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      document.getElementById('current-building')?.focus({ preventScroll: true });
      return;
    }
    focusProfile.current = true;
    await update({ bID: id });
  }

  return (
    <div className={styles.screen}>
      {profile ? (
        <BuildingProfileCard profile={profile} headingId="current-building" />
      ) : buildings && buildings.length > 0 ? (
        <p className={styles.hint}>{t('list.choose')}</p>
      ) : null}

      <section className={styles.section} aria-labelledby="buildings-heading">
        <h2 id="buildings-heading" className={styles.heading}>
          {t('list.title')}
          {buildings ? <span className={styles.total}>{t('list.total', { count: buildings.length })}</span> : null}
        </h2>
        <div className={styles.toolbar}>
          <TextField
            type="search"
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            value={search}
            onValueChange={setSearch}
            autoComplete="off"
            enterKeyHint="search"
          />
          <div className={fieldStyles.field}>
            <label htmlFor="buildings-order" className={fieldStyles.label}>
              {t('list.order')}
            </label>
            <select
              id="buildings-order"
              className={`${fieldStyles.input} ${styles.select}`}
              value={order}
              onChange={(e) => void update({ buildingsOrder: parseBuildingOrder(e.target.value) })}
            >
              {buildingOrders.map((o) => (
                <option key={o} value={o}>
                  {t(`list.orders.${o}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {refresh.failed ? (
          <p className={styles.notice} role="status">
            {t('list.refreshFailed')}
          </p>
        ) : null}
        {items === undefined || buildings === undefined ? (
          <Spinner label={t('list.loading')} />
        ) : buildings.length === 0 ? (
          refresh.refreshing ? (
            <Spinner label={t('list.loading')} />
          ) : (
            <EmptyState title={t('list.emptyTitle')} message={t('list.empty')} action={<TakeDayOfflineButton />} />
          )
        ) : items.length === 0 ? (
          <EmptyState title={t('list.noResultsTitle')} message={t('list.noResults', { query: search.trim() })} />
        ) : (
          <BuildingList items={items} selectedId={session.bID} isHome={isHome} onSelect={(id) => void select(id)} />
        )}
      </section>
    </div>
  );
}
