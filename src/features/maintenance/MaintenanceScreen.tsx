import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useOutlet } from 'react-router-dom';
import { incompleteTests } from '../../lib/domain/maintenanceRules';
import { Button } from '../../ui/Button';
import { actionIcons } from '../../ui/icons';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { ResultDialog } from '../../ui/ResultDialog';
import { Spinner } from '../../ui/Spinner';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { useFormats } from '../../ui/useFormats';
import { useResult } from '../../ui/useResult';
import { useServerRefresh } from '../../session/useServerRefresh';
import { BuildingNotTaken, useNotTaken } from '../../session/BuildingNotTaken';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { pullMaintenance, sendPlanToCommittee } from './maintenanceRepo';
import { facilitiesOfBuilding, planSendsOfBuilding, testsOfBuilding } from './maintenanceQueries';
import { ruleFailureOf } from '../../lib/validation/rules';
import { TestStatusControl } from './TestStatusControl';
import { useTestStatus } from './useTestStatus';
import { facilityKindLabel } from './facilityKind';
import styles from '../../ui/fieldScreens.module.css';

import { buildingsPath } from '../../lib/appPaths';

/** /maintenance-and-facilities — facilities, the maintenance plan's tests and sending it to the committee. */
export function MaintenanceScreen() {
  const outlet = useOutlet();
  return outlet ?? <MaintenancePlan />;
}

function MaintenancePlan() {
  const can = useCan();
  const { t } = useTranslation(['maintenance', 'errors', 'common']);
  const f = useFormats();
  const bid = useSession().session.bID;
  const data = useLiveQuery(
    async () =>
      bid === null ? null : { facilities: await facilitiesOfBuilding(bid), tests: await testsOfBuilding(bid), sends: await planSendsOfBuilding(bid) },
    [bid],
  );
  const refresh = useServerRefresh(bid === null ? null : `maintenance:${bid}`, (api) => pullMaintenance(api, bid ?? 0));
  const { change, dialog } = useTestStatus();
  const result = useResult();
  const [confirming, setConfirming] = useState<number | null>(null);
  const notTaken = useNotTaken(bid, refresh.state === 'failed');

  if (bid === null)
    return (
      <EmptyState
        title={t('maintenance:noBuilding.title')}
        message={t('maintenance:noBuilding.message')}
        action={
          <Link className={styles.link} to={buildingsPath}>
            {t('maintenance:noBuilding.action')}
          </Link>
        }
      />
    );
  if (!data || (data.facilities.length === 0 && refresh.state === 'loading')) return <Spinner />;
  if (data.facilities.length === 0) {
    return notTaken ? (
      <BuildingNotTaken buildingId={bid} />
    ) : refresh.state === 'failed' ? (
      <EmptyState message={t('maintenance:loadFailed')} action={<Button onClick={refresh.retry}>{t('maintenance:retry')}</Button>} />
    ) : (
      <EmptyState message={t('maintenance:empty')} />
    );
  }
  const { facilities, tests, sends } = data;
  const incomplete = incompleteTests(tests).length;
  const lastSend = sends[0];

  async function send(confirmIncomplete: boolean) {
    setConfirming(null);
    try {
      await sendPlanToCommittee(bid ?? 0, confirmIncomplete);
      result.succeed(t('maintenance:plan.sent'));
    } catch (e) {
      const refused = ruleFailureOf(e);
      if (refused) setConfirming(Number(refused.params?.incompleteCount ?? 0));
      else result.fail('errors:anErrorOccurred');
    }
  }

  return (
    <div className={styles.screen}>
      {notTaken ? <BuildingNotTaken buildingId={bid} /> : null}
      <section className={styles.summary} aria-labelledby="plan-title">
        <div>
          <h2 id="plan-title" className={styles.heading}>
            {t('maintenance:plan.title')}
          </h2>
          <p className={styles.muted}>{t('maintenance:plan.progress', { done: tests.length - incomplete, total: tests.length })}</p>
          {lastSend ? (
            <p className={styles.muted}>
              {t('maintenance:plan.lastSent', { date: f.dateTime(lastSend.value.sentAt) })} <RecordSyncBadge state={lastSend.syncState} compact />
            </p>
          ) : null}
        </div>
        {can('maintenance.sendPlan') ? (
          <Button onClick={() => void send(false)} icon={actionIcons.send}>
            {t('maintenance:plan.send')}
          </Button>
        ) : null}
      </section>

      <section aria-labelledby="facilities-title" className={styles.form}>
        <h2 id="facilities-title" className={styles.heading}>
          {t('maintenance:facilities.title')}
        </h2>
        <ul className={styles.list}>
          {facilities.map((facility) => {
            const own = tests.filter((x) => x.facilityId === facility.id);
            const done = own.filter((x) => x.status === 'done').length;
            return (
              <li key={facility.id} className={styles.card}>
                <div className={styles.cardHeader}>
                  <Link className={styles.link} to={facility.id}>
                    {facility.name}
                  </Link>
                  <span className={`${styles.badge} ${done === own.length ? styles.badgeDone : styles.badgeWarn}`}>
                    {t('maintenance:plan.progress', { done, total: own.length })}
                  </span>
                </div>
                <p className={styles.muted}>{[facilityKindLabel(t, facility.kind), facility.location ?? ''].filter(Boolean).join(' · ')}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="tests-title" className={styles.form}>
        <h2 id="tests-title" className={styles.heading}>
          {t('maintenance:tests.title')}
        </h2>
        <ul className={styles.list}>
          {tests.map((test) => (
            <TestStatusControl key={test.id} test={test} onChange={(status, notes) => change(test.id, status, notes)} />
          ))}
        </ul>
      </section>

      <ConfirmDialog
        open={confirming !== null}
        title={t('maintenance:plan.confirmTitle')}
        message={`${t('errors:testsNotCompleted')} ${t('maintenance:plan.incomplete', { n: confirming ?? 0 })}`}
        confirmLabel={t('maintenance:plan.sendAnyway')}
        onConfirm={() => void send(true)}
        onCancel={() => setConfirming(null)}
      />
      {dialog}
      <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={result.close} />
    </div>
  );
}
