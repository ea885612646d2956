import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { useOnline } from '../../ui/useOnline';
import { CallActions } from './CallActions';
import { CallFacts } from './CallFacts';
import { CallPhotos } from './CallPhotos';
import { TranslatePanel } from './TranslatePanel';
import { UpdatesSection } from './UpdatesSection';
import { useActionFeedback } from './useActionFeedback';
import { useBuildings, useCallPhotos, useCallUpdates, useServiceCall } from './useServiceCalls';
import styles from './CallDetail.module.css';
import shared from './ServiceCalls.module.css';
import { useCallDetailRefresh } from './useCallDetailRefresh';

export function CallDetail({ id }: { id: string }) {
  const { t } = useTranslation('serviceCalls');
  const navigate = useNavigate();
  const online = useOnline();
  const call = useServiceCall(id);
  const updates = useCallUpdates(id);
  const updateIds = useMemo(() => (updates ?? []).map((u) => u.id), [updates]);
  const photos = useCallPhotos(id, updateIds);
  const buildings = useBuildings();
  const leaveTo = useRef<string | null>(null);
  const { run, dialog } = useActionFeedback(() => {
    if (leaveTo.current) navigate(leaveTo.current, { replace: true });
    leaveTo.current = null;
  });
  useCallDetailRefresh(id, call !== null && call !== undefined && call.callNumber !== null);

  if (call === undefined) return <Spinner />;
  if (call === null) {
    return (
      <section className={styles.detail} aria-labelledby="call-heading">
        <Link to="/service-calls" className={styles.back}>
          {t('detail.back')}
        </Link>
        <h2 id="call-heading" className={shared.heading}>
          {t('detail.notFoundTitle')}
        </h2>
        <EmptyState message={online ? t('detail.notFound') : t('detail.notFoundOffline')} />
        {dialog}
      </section>
    );
  }
  const buildingName = buildings?.find((b) => b.id === call.buildingId)?.name ?? null;
  return (
    <section className={styles.detail} aria-labelledby="call-heading">
      <Link to={`/service-calls/${call.buildingId}`} className={styles.back}>
        {t('detail.back')}
      </Link>
      <div className={styles.detailHead}>
        <h2 id="call-heading" className={shared.heading}>
          {call.callNumber === null ? t('detail.titlePending') : t('detail.title', { number: call.callNumber })}
        </h2>
        <RecordSyncBadge state={call.syncState} />
      </div>
      <h3 className={styles.subject}>{call.subject || t('detail.noSubject')}</h3>
      <p className={styles.description}>{call.description}</p>
      <CallPhotos photos={photos.get(call.id) ?? []} title={t('photos.ofCall')} />
      <CallFacts call={call} buildingName={buildingName} />
      <TranslatePanel callId={call.id} applied={call.callNumber !== null} />
      <CallActions call={call} run={run} leaveAfterSuccess={(path) => (leaveTo.current = path)} />
      <UpdatesSection callId={call.id} updates={updates} photos={photos} run={run} />
      {dialog}
    </section>
  );
}
