import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate, toLocalDateString } from '../../lib/dates';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useSession } from '../../session/sessionContext';
import { TakeDayOfflineButton } from '../../session/TakeDayOfflineButton';
import { PlanEntryCard } from './PlanEntryCard';
import { useDailyPlanRefresh } from './useDailyPlanRefresh';
import { dayPlanOf } from './visitsQueries';
import styles from './DailyPlanScreen.module.css';

/** `/daily-plan`: today's buildings for the worker, each with its visit and checklist. */
export function DailyPlanScreen() {
  const { t } = useTranslation('dailyPlan');
  const { session } = useSession();
  const [today] = useState(() => toLocalDateString(new Date()));
  const workerId = session.workerGUID || session.userName;
  const day = useLiveQuery(() => dayPlanOf(workerId, today), [workerId, today]);
  const refresh = useDailyPlanRefresh(today);
  // While the server's plan is on its way, the one worked out on the device waits behind a spinner.
  const plan = day === undefined || (day?.workedOut && refresh.refreshing) ? undefined : (day?.plan ?? null);
  const entries = plan ? [...plan.entries].sort((a, b) => a.order - b.order) : [];

  return (
    <div className={styles.screen}>
      <section className={styles.intro} aria-labelledby="plan-heading">
        <h2 id="plan-heading" className={styles.heading}>
          {t('title', { date: formatDisplayDate(today) })}
        </h2>
        <p className={styles.muted}>{plan ? t('summary', { count: entries.length }) : t('intro')}</p>
        <TakeDayOfflineButton />
      </section>
      {refresh.failed ? (
        <p className={styles.notice} role="status">
          {t('refreshFailed')}
        </p>
      ) : null}
      {plan && day?.workedOut ? (
        <p className={styles.notice} role="status">
          {t('workedOut')}
        </p>
      ) : null}
      {plan === undefined || (plan === null && refresh.refreshing) ? (
        <Spinner label={t('loading')} />
      ) : plan === null ? (
        <EmptyState title={t('emptyTitle')} message={t('empty')} />
      ) : entries.length === 0 ? (
        <EmptyState title={t('noBuildingsTitle')} message={t('noBuildings')} />
      ) : (
        entries.map((entry) => <PlanEntryCard key={entry.buildingId} entry={entry} visitDate={today} workerId={workerId} />)
      )}
    </div>
  );
}
