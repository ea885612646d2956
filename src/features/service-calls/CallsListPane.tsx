import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ServiceCallTab } from '../../lib/domain/entities';
import { EmptyState } from '../../ui/EmptyState';
import { useListPaging } from '../../ui/listPaging';
import { ShowMore } from '../../ui/ShowMore';
import { Spinner } from '../../ui/Spinner';
import { useSession } from '../../session/sessionContext';
import { BuildingNotTaken, useNotTaken } from '../../session/BuildingNotTaken';
import { CallRow } from './CallRow';
import { ALL_BUILDINGS, callTabs, CallsToolbar } from './CallsToolbar';
import { parseOrder } from './listOrder';
import type { CallOrder } from './listOrder';
import { PullToRefresh } from './PullToRefresh';
import { useActionFeedback } from './useActionFeedback';
import { useCallsRefresh } from './useCallsRefresh';
import { useBuildings, useCallsList, useOpenCallsCount } from './useServiceCalls';
import styles from './CallsList.module.css';
import shared from './ServiceCalls.module.css';

const SEARCH_SAVE_MS = 300;

export function CallsListPane({ buildingId, selectedId }: { buildingId: number | null; selectedId: string | null }) {
  const { t } = useTranslation('serviceCalls');
  const { session, update } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: ServiceCallTab = callTabs.find((name) => name === params.get('tab')) ?? 'open';
  const [search, setSearch] = useState(session.serviceCallsSearch);
  const order = parseOrder(session.serviceCallsOrder);
  const buildings = useBuildings();
  const paging = useListPaging(`${buildingId ?? ''}|${tab}|${search}|${order}`);
  const { page, current } = useCallsList({ buildingId, tab, search, order }, paging.limit);
  const calls = page?.rows;
  const openCount = useOpenCallsCount(buildingId);
  const { failed } = useActionFeedback();
  const onRefreshError = useCallback((error: unknown) => failed(error, 'errorReceiving'), [failed]);
  const { online, refreshing, refresh } = useCallsRefresh(buildingId, tab, onRefreshError);
  const notTaken = useNotTaken(buildingId);
  const names = useMemo(() => new Map((buildings ?? []).map((b) => [b.id, b.name])), [buildings]);

  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(saveTimer.current), []);
  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void update({ serviceCallsSearch: value }), SEARCH_SAVE_MS);
  };
  const onOrder = (value: CallOrder) => void update({ serviceCallsOrder: value });
  const onTab = (next: ServiceCallTab) => setParams(next === 'open' ? {} : { tab: next }, { replace: true });
  const onBuilding = (value: string) => navigate(value === ALL_BUILDINGS ? `/service-calls/${ALL_BUILDINGS}` : `/service-calls/${value}`);

  return (
    <section className={styles.listPane} aria-labelledby="calls-heading">
      <div className={styles.listHead}>
        <h2 id="calls-heading" className={shared.heading}>
          {buildingId === null ? t('list.titleAll') : t('list.titleBuilding', { name: names.get(buildingId) ?? buildingId })}
        </h2>
        <p className={styles.count} role="status">
          {openCount === undefined ? '' : t('list.openCount', { count: openCount })}
        </p>
      </div>
      <CallsToolbar
        buildings={buildings ?? []}
        buildingId={buildingId}
        onBuilding={onBuilding}
        tab={tab}
        onTab={onTab}
        search={search}
        onSearch={onSearch}
        order={order}
        onOrder={onOrder}
      />
      <PullToRefresh online={online} refreshing={refreshing} onRefresh={() => void refresh()}>
        <div id="calls-panel" role="tabpanel" aria-labelledby={`calls-tab-${tab}`} aria-busy={calls === undefined || !current || refreshing}>
          {notTaken && buildingId !== null ? <BuildingNotTaken buildingId={buildingId} /> : null}
          {/* A search typed while the list is still being read into memory waits for it, visibly. */}
          {calls !== undefined && !current ? <Spinner delayed label={t('list.searching')} /> : null}
          {calls === undefined ? (
            <Spinner />
          ) : calls.length === 0 ? (
            notTaken ? null : (
              <EmptyState message={search.trim() ? t('list.noResults') : t('list.empty')} />
            )
          ) : (
            <ul className={styles.rows} aria-label={t(`tab.${tab}`)}>
              {calls.map((call) => (
                <CallRow
                  key={call.id}
                  call={call}
                  buildingName={buildingId === null ? (names.get(call.buildingId) ?? null) : null}
                  selected={call.id === selectedId}
                />
              ))}
            </ul>
          )}
          {page ? <ShowMore shown={page.rows.length} total={page.total} onMore={paging.showMore} /> : null}
        </div>
      </PullToRefresh>
    </section>
  );
}
