// /service-calls/:bid? and /service-call/:pid: one screen, the list beside the selected call (a
// full-height sheet over the list on a phone, two panes on a wide screen).
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Icon, actionIcons } from '../../ui/icons';
import { BottomActions } from '../../ui/BottomActions';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { CallDetail } from './CallDetail';
import { CallsListPane } from './CallsListPane';
import { ALL_BUILDINGS } from './CallsToolbar';
import { useServiceCall } from './useServiceCalls';
import styles from './CallsList.module.css';

/** The route's building, `all` for every building, or (without one) the current building. */
export function buildingOfRoute(bid: string | undefined, current: number | null): number | null {
  if (bid === ALL_BUILDINGS) return null;
  const n = Number(bid);
  if (bid !== undefined && Number.isInteger(n) && n > 0) return n;
  return current;
}

export function ServiceCallsScreen() {
  const can = useCan();
  const { t } = useTranslation('serviceCalls');
  const { bid, pid } = useParams();
  const { session } = useSession();
  const selected = useServiceCall(pid ?? '');
  // On a call's page the list shows that call's building, so the call is among the rows.
  const buildingId = pid && selected ? selected.buildingId : buildingOfRoute(bid, session.bID);
  return (
    <div className={styles.screen} data-detail={pid ? 'open' : 'closed'}>
      <CallsListPane buildingId={buildingId} selectedId={pid ?? null} />
      {pid ? (
        <div className={styles.detailPane}>
          <CallDetail key={pid} id={pid} />
        </div>
      ) : !can('serviceCalls.create') ? null : (
        <BottomActions>
          <Link to={buildingId === null ? '/add-service-calls' : `/add-service-calls/${buildingId}`} className={styles.primaryLink}>
            <Icon icon={actionIcons.add} />
            {t('list.add')}
          </Link>
        </BottomActions>
      )}
    </div>
  );
}
