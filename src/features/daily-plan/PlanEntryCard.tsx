import { useLiveQuery } from 'dexie-react-hooks';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { DailyPlanEntry } from '../../lib/domain/entities';
import { Button } from '../../ui/Button';
import { showErrorToast } from '../../ui/errorToastStore';
import { Spinner } from '../../ui/Spinner';
import { useSession } from '../../session/sessionContext';
import { BuildingNotTaken, useNotTaken } from '../../session/BuildingNotTaken';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { PlanBuildingItems } from './PlanBuildingItems';
import { planEntryDetails } from './visitsQueries';
import { VisitChecklist } from './VisitChecklist';
import { VisitForm } from './VisitForm';
import { mergedChecklist, setChecklistItem } from './visitsRepo';
import styles from './DailyPlanScreen.module.css';

type Props = { entry: DailyPlanEntry; visitDate: string; workerId: string };

export function PlanEntryCard({ entry, visitDate, workerId }: Props) {
  const { t } = useTranslation(['dailyPlan', 'errors']);
  const { session, update } = useSession();
  const details = useLiveQuery(() => planEntryDetails(entry, visitDate, workerId), [entry, visitDate, workerId]);
  const headingId = `plan-building-${entry.buildingId}`;
  const notTaken = useNotTaken(entry.buildingId);
  if (!details) return <Spinner />;

  const { building, visit } = details;
  const name = building?.name ?? t('unknownBuilding', { id: entry.buildingId });
  const style: CSSProperties & Record<'--accent', string> = { '--accent': building?.buttonColor ?? 'var(--color-primary)' };
  const isCurrent = session.bID === entry.buildingId;

  async function toggle(itemId: string, done: boolean) {
    try {
      await setChecklistItem(entry, visitDate, itemId, done);
    } catch (error) {
      showErrorToast({ summary: t('visit.saveFailed'), detail: t('errors:anErrorOccurred') });
      throw error;
    }
  }

  return (
    <article className={styles.card} style={style} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <span className={styles.order} aria-hidden="true">
          {entry.order}
        </span>
        <div className={styles.cardTitle}>
          <h3 id={headingId} className={styles.buildingName}>
            {name}
          </h3>
          {building ? <p className={styles.muted}>{t('address', { address: building.address, city: building.city })}</p> : null}
        </div>
        {visit ? <RecordSyncBadge state={visit.syncState} /> : null}
      </header>
      {isCurrent ? (
        <p className={styles.current}>{t('currentBuilding')}</p>
      ) : (
        <Button variant="secondary" onClick={() => void update({ bID: entry.buildingId })} aria-describedby={headingId}>
          {t('makeCurrent')}
        </Button>
      )}
      {notTaken ? <BuildingNotTaken buildingId={entry.buildingId} /> : null}
      <VisitChecklist items={mergedChecklist(entry, visit)} legendId={`${headingId}-checklist`} onToggle={toggle} />
      <VisitForm entry={entry} visitDate={visitDate} visit={visit} buildingName={name} />
      <PlanBuildingItems openCalls={details.openCalls} pendingKeys={details.pendingKeys} pendingMailItems={details.pendingMailItems} />
    </article>
  );
}
