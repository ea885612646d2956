import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allBuildings } from '../../directory/buildingsRepo';
import type { GateView } from '../../lib/domain/buildingLife';
import { mayManageGate } from '../../lib/domain/gateRules';
import type { GateInput } from '../../lib/domain/gateRules';
import { isRole } from '../../lib/rights/rights';
import { telHref } from '../../lib/phone';
import { errorKeyOf } from '../../session/errorKey';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { ResultDialog } from '../../ui/ResultDialog';
import { Spinner } from '../../ui/Spinner';
import { useOnline } from '../../ui/useOnline';
import { useResult } from '../../ui/useResult';
import { GateForm } from './GateForm';
import { GateOpenings } from './GateOpenings';
import { gatesOf, pullGates, gateCalls } from './gatesRepo';
import styles from './Gates.module.css';
import screenFrame from '../../ui/screenFrame.module.css';

/**
 * "gates": the building's gates; each says whether this user may open it (their listed phone calls it by
 * tel:, or the gate's line opens a public gate for residents) or why not; staff and the committee manage them.
 */
export function GatesScreen() {
  const { t } = useTranslation(['gates', 'errors', 'common']);
  const can = useCan();
  const online = useOnline();
  const { session } = useSession();
  const buildings = useLiveQuery(() => allBuildings(), []);
  const buildingId = session.bID ?? buildings?.[0]?.id ?? null;
  const list = useLiveQuery(() => (buildingId === null ? null : gatesOf(buildingId)), [buildingId]);
  const refresh = useServerRefresh(buildingId === null ? null : `gates:${buildingId}`, (client) => pullGates(client, buildingId ?? 0));
  const [editing, setEditing] = useState<GateView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<GateView | null>(null);
  const result = useResult();
  const role = isRole(session.role) ? session.role : 'renter';
  const manage = can('gates.manage');

  if (buildings !== undefined && buildingId === null) return <EmptyState title={t('title')} message={t('noBuilding')} />;
  if (list === undefined || (list === null && refresh.state === 'loading')) return <Spinner label={t('common:loading')} />;
  if (list === null)
    return <EmptyState title={t('title')} message={t('errors:anErrorOccurred')} action={<Button onClick={refresh.retry}>{t('retry')}</Button>} />;

  const open = (gate: GateView) => {
    // A listed phone dials the gate itself by the tel: link; the server records the request and has it called too.
    void gateCalls.openGate(gate).then(
      (opening) =>
        opening.status === 'failed' ? result.fail('gates:dialFailed') : result.succeed(t(opening.status === 'dialed' ? 'opened' : 'openRequested')),
      (error: unknown) => result.fail(errorKeyOf(error, 'errors:anErrorOccurred')),
    );
  };
  const save = async (input: GateInput) => {
    await gateCalls.saveGate(buildingId ?? 0, input, editing === 'new' ? null : editing);
    setEditing(null);
    result.succeed(t('saved'));
    refresh.retry();
  };
  const remove = async (gate: GateView) => {
    setDeleting(null);
    await result.run(() => gateCalls.deleteGate(gate), t('deleted'), 'errors:anErrorOccurred');
    refresh.retry();
  };

  return (
    <div className={screenFrame.screen}>
      <div className={screenFrame.header}>
        <h2 className={screenFrame.heading}>{t('title')}</h2>
        {manage ? (
          <Button variant="secondary" disabled={!online} onClick={() => setEditing('new')}>
            {t('addGate')}
          </Button>
        ) : null}
      </div>
      {list.length === 0 ? (
        <p className={screenFrame.muted}>{t('noGates')}</p>
      ) : (
        <ul className={screenFrame.list}>
          {list.map((gate) => (
            <li key={gate.id} className={screenFrame.card}>
              <div className={screenFrame.header}>
                <h3 className={styles.name}>{gate.name}</h3>
                {gate.isPublic ? <span className={styles.badge}>{t('public')}</span> : null}
              </div>
              {gate.gatePhone ? (
                <span className={screenFrame.muted} dir="ltr">
                  {gate.gatePhone}
                </span>
              ) : null}
              {!gate.access.allowed ? (
                <p className={screenFrame.muted}>{t(`errors:${gate.access.reason}`)}</p>
              ) : gate.access.via === 'ownPhone' && gate.gatePhone ? (
                <a className={styles.open} href={telHref(gate.gatePhone)} onClick={() => open(gate)}>
                  {t('open', { name: gate.name })}
                </a>
              ) : (
                <>
                  <p className={screenFrame.muted}>{t('opensThroughLine')}</p>
                  <button type="button" className={styles.open} disabled={!online} onClick={() => open(gate)}>
                    {t('open', { name: gate.name })}
                  </button>
                </>
              )}
              {manage && mayManageGate(role, gate.isPublic) ? (
                <span className={styles.actions}>
                  <Button variant="ghost" disabled={!online} onClick={() => setEditing(gate)} aria-label={t('editOf', { name: gate.name })}>
                    {t('edit')}
                  </Button>
                  <Button variant="ghost" disabled={!online} onClick={() => setDeleting(gate)} aria-label={t('deleteOf', { name: gate.name })}>
                    {t('delete')}
                  </Button>
                </span>
              ) : null}
              {manage ? <GateOpenings gate={gate} /> : null}
            </li>
          ))}
        </ul>
      )}
      {editing !== null ? (
        <GateForm gate={editing === 'new' ? null : editing} mayMakePublic={role === 'committee'} onSave={save} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
      <ResultDialog open={result.success !== null} isSuccess message={result.success ?? ''} onClose={result.close} />
    </div>
  );
}
