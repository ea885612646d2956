import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../db/mutate';
import { buildingPickerOptions, useAddressBuilding, useOnBuildingChange } from '../../directory/buildingPicker';
import { errorKeyOf } from '../../session/errorKey';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { useOnlineList } from '../../session/useOnlineList';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { useOnline } from '../../ui/useOnline';
import styles from '../../ui/fieldScreens.module.css';
import own from './Polls.module.css';
import { NewPollForm } from './NewPollForm';
import { PollCard } from './PollCard';
import { buildingPolls, castVote, closePoll, votesOnDevice } from './pollsRepo';
import { Alert } from '../../ui/Alert';

/** /polls/:bid? — the building's polls: tenants vote and see results, the committee opens and closes them. */
export function PollsScreen() {
  const { t } = useTranslation(['polls', 'errors']);
  const online = useOnline();
  const can = useCan();
  const { session } = useSession();
  const { buildingId, kept: buildings, choose } = useAddressBuilding('/polls', session.bID);
  const { rows, error, reload } = useOnlineList(buildingId, online, () => buildingPolls(buildingId ?? 0));
  const onDevice = useLiveQuery(() => votesOnDevice(), []);
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const mayManage = can('polls.manage');
  useOnBuildingChange(buildingId, () => setCreating(false));
  const buildingOptions = buildingPickerOptions(buildings ?? [], buildingId, null, t('chooseBuilding'));

  // A vote the outbox has delivered (or that came back refused) changes what the server says: read again.
  const settled = [...(onDevice?.values() ?? [])]
    .filter((v) => v.syncState === 'synced' || v.syncState === 'attention')
    .map((v) => `${v.key}:${v.syncState}`)
    .join(',');
  const [seenSettled, setSeenSettled] = useState(settled);
  useEffect(() => {
    if (settled === seenSettled) return;
    setSeenSettled(settled);
    reload();
  }, [settled, seenSettled, reload]);

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setActionError(null);
    try {
      await work();
    } catch (e) {
      setActionError(errorKeyOf(e, 'errors:errorSaving'));
    } finally {
      setBusy(false);
    }
  };

  const list = rows;
  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('title')}</h2>
      {/* A tenant of one building has nothing to choose. */}
      {buildingOptions.filter((o) => o.value !== '').length > 1 ? (
        <SelectField label={t('building')} value={buildingId === null ? '' : String(buildingId)} onValueChange={choose} options={buildingOptions} />
      ) : null}
      {mayManage && buildingId !== null && online && !creating ? (
        <div className={styles.actions}>
          <Button onClick={() => setCreating(true)}>{t('newPoll')}</Button>
        </div>
      ) : null}
      {creating && buildingId !== null ? (
        <NewPollForm
          buildingId={buildingId}
          mayLinkQuotes={can('books.read')}
          onCancel={() => setCreating(false)}
          onOpened={() => {
            setCreating(false);
            reload();
          }}
        />
      ) : null}
      {actionError ? <Alert className={own.refusal}>{t(actionError)}</Alert> : null}
      {buildingId === null ? (
        <EmptyState message={t('chooseBuilding')} />
      ) : !online && list === null ? (
        <EmptyState message={t('needsConnection')} />
      ) : error ? (
        <EmptyState message={t(error)} action={<Button onClick={reload}>{t('retry')}</Button>} />
      ) : list === null ? (
        <Spinner />
      ) : list.length === 0 ? (
        <EmptyState message={t('none')} />
      ) : (
        <ul className={styles.list} aria-label={t('title')}>
          {list.map((poll) => (
            <PollCard
              key={`${poll.id}:${poll.myVote ?? ''}:${poll.status}`}
              poll={poll}
              onDevice={onDevice?.get(poll.id)}
              mayManage={mayManage}
              isTenant={can('polls.vote')}
              busy={busy}
              onVote={(optionId) => void act(() => castVote(poll.id, optionId))}
              onClose={() =>
                void act(async () => {
                  await closePoll(poll.id, newId());
                  reload();
                })
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}
