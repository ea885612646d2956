import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../lib/text';
import { wallClockDate, wallClockTime } from '../../lib/dates';
import type { BuildingEvent } from '../../lib/domain/buildingLife';
import { errorKeyOf } from '../../session/errorKey';
import { useCan } from '../../session/useCan';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useOnline } from '../../ui/useOnline';
import { useResult } from '../../ui/useResult';
import { ResultDialog } from '../../ui/ResultDialog';
import { EventForm } from './EventForm';
import { eventsOf, pullEvents, eventCalls } from './eventsRepo';
import type { EventDraft } from './eventsRepo';
import styles from './TenantRoom.module.css';
import screenFrame from '../../ui/screenFrame.module.css';

/** Scheduled building events with their times; staff and the committee add, change and delete them. */
export function BuildingEvents({ buildingId, day }: { buildingId: number; day: string }) {
  const { t } = useTranslation(['tenantRoom', 'errors', 'common']);
  const can = useCan();
  const online = useOnline();
  const manage = can('events.manage');
  const events = useLiveQuery(() => eventsOf(buildingId), [buildingId]);
  const refresh = useServerRefresh(`events:${buildingId}`, (client) => pullEvents(client, buildingId));
  const [editing, setEditing] = useState<BuildingEvent | 'new' | null>(null);
  const result = useResult();

  const save = async (draft: EventDraft) => {
    await eventCalls.saveEvent(buildingId, draft, editing === 'new' ? null : editing);
    setEditing(null);
    result.succeed(t('eventSaved'));
    refresh.retry();
  };
  const remove = async (event: BuildingEvent) => {
    try {
      await eventCalls.deleteEvent(event);
      result.succeed(t('eventDeleted'));
    } catch (error) {
      result.fail(errorKeyOf(error, 'errors:errorSavingEvent'));
    }
    refresh.retry();
  };
  const span = (e: BuildingEvent) => t('eventWhen', { date: ltr(wallClockDate(e.start)), time: ltr(`${wallClockTime(e.start)}–${wallClockTime(e.end)}`) });

  return (
    <section className={screenFrame.section} aria-labelledby="building-events">
      <div className={styles.eventActions}>
        <h3 id="building-events" className={styles.subheading}>
          {t('events')}
        </h3>
        {manage ? (
          <Button variant="secondary" disabled={!online} onClick={() => setEditing('new')}>
            {t('addEvent')}
          </Button>
        ) : null}
      </div>
      {events === undefined || (events === null && refresh.state === 'loading') ? (
        <Spinner label={t('common:loading')} />
      ) : !events || events.length === 0 ? (
        <p className={screenFrame.muted}>{refresh.state === 'failed' && !events ? t('calendarUnavailable') : t('noEvents')}</p>
      ) : (
        <ul className={screenFrame.list}>
          {events.map((e) => (
            <li key={e.id} className={styles.card}>
              <span>
                <strong>{e.title}</strong> · {span(e)}
                {e.notes ? <span className={screenFrame.muted}> · {e.notes}</span> : null}
              </span>
              {manage ? (
                <span className={styles.eventActions}>
                  <Button variant="ghost" disabled={!online} onClick={() => setEditing(e)} aria-label={t('editEventOf', { title: e.title })}>
                    {t('edit')}
                  </Button>
                  <Button variant="ghost" disabled={!online} onClick={() => void remove(e)} aria-label={t('deleteEventOf', { title: e.title })}>
                    {t('delete')}
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editing !== null ? <EventForm event={editing === 'new' ? null : editing} day={day} onSave={save} onClose={() => setEditing(null)} /> : null}
      <ResultDialog open={result.success !== null} isSuccess message={result.success ?? ''} onClose={result.close} />
    </section>
  );
}
