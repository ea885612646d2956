import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pullApartments } from '../../directory/apartmentsRepo';
import { allBuildings } from '../../directory/buildingsRepo';
import { addLocalDays, israelWallClock, wallClockDate } from '../../lib/dates';
import { errorKeyOf } from '../../session/errorKey';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DateField } from '../../ui/DateField';
import { EmptyState } from '../../ui/EmptyState';
import { ResultDialog } from '../../ui/ResultDialog';
import { Spinner } from '../../ui/Spinner';
import { useOnline } from '../../ui/useOnline';
import { useFormats } from '../../ui/useFormats';
import { ltr } from '../../lib/text';
import { useResult } from '../../ui/useResult';
import { BuildingEvents } from './BuildingEvents';
import { DaySlots } from './DaySlots';
import { RoomForm } from './RoomForm';
import { StaffBookings } from './StaffBookings';
import type { RoomInput } from '../../lib/domain/bookingRules';
import type { BuildingRoom } from '../../lib/domain/buildingLife';
import { pullRooms, roomCalls } from './roomsRepo';
import type { ShownBooking } from './roomsRepo';
import { apartmentsOf, roomsOf } from './roomsQueries';
import { useRoomCalendar } from './useRoomCalendar';
import styles from './TenantRoom.module.css';
import screenFrame from '../../ui/screenFrame.module.css';

/** /tenant-room: a room's calendar by day; a tenant books a free slot and cancels their own. */
export function TenantRoomScreen() {
  const { t } = useTranslation(['tenantRoom', 'errors', 'common']);
  const can = useCan();
  const online = useOnline();
  const f = useFormats();
  const { session } = useSession();
  const buildings = useLiveQuery(() => allBuildings(), []);
  const staff = can('rooms.manage');
  const [chosenBuilding, setChosenBuilding] = useState<number | null>(null);
  const buildingId = (staff ? chosenBuilding : null) ?? session.bID ?? buildings?.[0]?.id ?? null;
  const [forApartment, setForApartment] = useState('');
  const apartments = useLiveQuery(() => (staff && buildingId !== null ? apartmentsOf(buildingId) : []), [staff, buildingId]);
  useServerRefresh(staff && buildingId !== null ? `apartments:${buildingId}` : null, (client) => pullApartments(client, buildingId ?? 0));
  const rooms = useLiveQuery(() => (buildingId === null ? null : roomsOf(buildingId)), [buildingId]);
  const roomsRefresh = useServerRefresh(buildingId === null ? null : `rooms:${buildingId}`, (client) => pullRooms(client, buildingId ?? 0));
  const [roomId, setRoomId] = useState<string | null>(null);
  const [day, setDay] = useState(() => israelWallClock(new Date()).slice(0, 10));
  const [busy, setBusy] = useState(false);
  const [lateCancel, setLateCancel] = useState<ShownBooking | null>(null);
  const [roomEditing, setRoomEditing] = useState<BuildingRoom | 'new' | null>(null);
  const result = useResult();
  const room = rooms?.records.find((r) => r.id === roomId) ?? rooms?.records[0] ?? null;
  const { week, loaded, refresh } = useRoomCalendar(room?.id ?? null, day);
  const setup = can('rooms.setup') && buildingId !== null;

  const saveRoomSettings = async (input: RoomInput) => {
    const saved = await roomCalls.saveRoom(buildingId ?? 0, input, roomEditing === 'new' ? null : roomEditing);
    setRoomEditing(null);
    setRoomId(saved.id);
    result.succeed(t('roomSaved'));
    roomsRefresh.retry();
    refresh.retry();
  };
  const roomTools = setup ? (
    <div className={styles.eventActions}>
      <Button variant="secondary" disabled={!online} onClick={() => setRoomEditing('new')}>
        {t('addRoom')}
      </Button>
      {room ? (
        <Button variant="secondary" disabled={!online} onClick={() => setRoomEditing(room)} aria-label={t('editRoomOf', { name: room.name })}>
          {t('editRoom')}
        </Button>
      ) : null}
    </div>
  ) : null;
  const buildingPicker =
    staff && buildings && buildings.length > 1 ? (
      <label className={styles.field}>
        <span>{t('building')}</span>
        <select
          value={buildingId ?? ''}
          onChange={(e) => {
            setChosenBuilding(Number(e.target.value));
            setRoomId(null);
            setForApartment('');
          }}
        >
          {buildings.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
    ) : null;
  const apartmentPicker = staff ? (
    <div className={screenFrame.section}>
      <label className={styles.field}>
        <span>{t('bookFor')}</span>
        <select value={forApartment} onChange={(e) => setForApartment(e.target.value)} aria-describedby="book-for-hint">
          <option value="">{t('chooseApartment')}</option>
          {(apartments ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {t('apartmentNumber', { number: a.number })}
            </option>
          ))}
        </select>
      </label>
      <span id="book-for-hint" className={screenFrame.muted}>
        {t('bookForHint')}
      </span>
    </div>
  ) : null;
  const roomDialogs = (
    <>
      {roomEditing !== null ? (
        <RoomForm room={roomEditing === 'new' ? null : roomEditing} onSave={saveRoomSettings} onClose={() => setRoomEditing(null)} />
      ) : null}
      <ResultDialog open={result.success !== null} isSuccess message={result.success ?? ''} onClose={result.close} />
    </>
  );

  if (buildings !== undefined && buildingId === null) return <EmptyState title={t('title')} message={t('noBuilding')} />;
  if (rooms === undefined || (rooms === null && roomsRefresh.state === 'loading')) return <Spinner label={t('common:loading')} />;
  if (rooms === null)
    return <EmptyState title={t('title')} message={t('errors:anErrorOccurred')} action={<Button onClick={roomsRefresh.retry}>{t('retry')}</Button>} />;
  if (rooms.records.length === 0 || !room)
    return (
      <div className={screenFrame.screen}>
        {buildingPicker}
        <EmptyState title={t('title')} message={t('noRooms')} />
        {roomTools}
        {buildingId !== null ? <BuildingEvents buildingId={buildingId} day={day} /> : null}
        {roomDialogs}
      </div>
    );

  const act = async (action: () => Promise<unknown>, success: string, fallbackKey: string, late: ShownBooking | null = null) => {
    setBusy(true);
    try {
      await action();
      result.succeed(success);
    } catch (error) {
      const key = errorKeyOf(error, fallbackKey);
      if (key === 'errors:cancelThroughManagementCompany' && late) setLateCancel(late);
      else result.fail(key);
    } finally {
      refresh.retry();
      setBusy(false);
    }
  };
  const bookedNote = room.feeAgorot > 0 ? t('bookedWithFee', { fee: f.agorot(room.feeAgorot) }) : t('booked');
  const book = (slot: { start: string; end: string }) =>
    void act(() => roomCalls.bookSlot({ room, ...slot, week, forApartment: staff ? forApartment : null }), bookedNote, 'errors:errorSavingEvent');
  const cancel = (booking: ShownBooking) =>
    void act(() => roomCalls.cancelBooking(booking, can('rooms.manage')), t('cancelled'), 'errors:errorSavingEvent', booking);
  const askCompany = (booking: ShownBooking) => {
    setLateCancel(null);
    void act(() => roomCalls.requestCancellation(booking), t('cancelRequested'), 'errors:errorSavingEvent');
  };
  const stale = refresh.state === 'failed' && week !== null;

  return (
    <div className={screenFrame.screen}>
      <h2 className={screenFrame.heading}>{t('title')}</h2>
      {buildingPicker}
      <label className={styles.field}>
        <span>{t('room')}</span>
        <select value={room.id} onChange={(e) => setRoomId(e.target.value)}>
          {rooms.records.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      {roomTools}
      {apartmentPicker}
      <p className={screenFrame.muted}>
        {t('rules', {
          hours: ltr(`${room.opensAt}–${room.closesAt}`),
          slot: room.slotMinutes,
          buffer: room.bufferMinutes,
          max: room.maxFutureBookingsPerApartment,
        })}
        {room.feeAgorot > 0 ? ` ${t('fee', { fee: f.agorot(room.feeAgorot) })}` : ''}
      </p>
      <DateField label={t('day')} value={day} onValueChange={(v) => v && setDay(v)} />
      <div className={styles.dayBar}>
        <Button variant="secondary" onClick={() => setDay((d) => addLocalDays(d, -1))}>
          {t('previousDay')}
        </Button>
        <Button variant="secondary" onClick={() => setDay((d) => addLocalDays(d, 1))}>
          {t('nextDay')}
        </Button>
      </div>
      <h3 className={styles.subheading}>{wallClockDate(day)}</h3>
      {stale ? (
        <p role="status" className={styles.note}>
          {t('offlineCopy', { at: f.dateTime(week.savedAt) })}
        </p>
      ) : null}
      {!online ? (
        <p role="status" className={styles.note}>
          {t('bookingNeedsConnection')}
        </p>
      ) : null}
      {!loaded || (week === null && refresh.state === 'loading') ? (
        <Spinner label={t('common:loading')} />
      ) : week === null ? (
        <EmptyState message={t('calendarUnavailable')} action={<Button onClick={refresh.retry}>{t('retry')}</Button>} />
      ) : (
        <DaySlots
          room={room}
          day={day}
          now={israelWallClock(new Date())}
          bookings={week.records}
          canBook={online && !busy && (!staff || forApartment !== '')}
          canPay={can('account.pay')}
          onBook={book}
          onCancel={cancel}
        />
      )}
      {buildingId !== null ? <BuildingEvents buildingId={buildingId} day={day} /> : null}
      {can('rooms.manage') && buildingId !== null ? <StaffBookings buildingId={buildingId} rooms={rooms.records} onCancel={cancel} busy={busy} /> : null}
      {roomDialogs}
      <ConfirmDialog
        open={lateCancel !== null}
        title={t('lateCancelTitle')}
        message={t('lateCancelMessage')}
        confirmLabel={t('askCompanyToCancel')}
        cancelLabel={t('keepBooking')}
        onConfirm={() => lateCancel && askCompany(lateCancel)}
        onCancel={() => setLateCancel(null)}
      />
    </div>
  );
}
