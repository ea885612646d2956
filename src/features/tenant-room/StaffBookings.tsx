import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../lib/text';
import { wallClockDate, wallClockTime } from '../../lib/dates';
import type { BuildingRoom } from '../../lib/domain/buildingLife';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { pullStaffBookings } from './roomsRepo';
import type { ShownBooking } from './roomsRepo';
import { staffBookings } from './roomsQueries';
import styles from './TenantRoom.module.css';
import screenFrame from '../../ui/screenFrame.module.css';

type Props = { buildingId: number; rooms: readonly BuildingRoom[]; busy: boolean; onCancel(booking: ShownBooking): void };

/** The management company's view: every coming booking of the building's rooms, each cancellable. */
export function StaffBookings({ buildingId, rooms, busy, onCancel }: Props) {
  const { t } = useTranslation(['tenantRoom', 'common']);
  const f = useFormats();
  const list = useLiveQuery(() => staffBookings(buildingId), [buildingId]);
  const refresh = useServerRefresh(`staff:${buildingId}`, (api) => pullStaffBookings(api, buildingId));
  const roomName = (id: string) => rooms.find((r) => r.id === id)?.name ?? '';
  const cancel = (booking: ShownBooking) => {
    onCancel(booking);
    refresh.retry();
  };
  return (
    <section className={screenFrame.section} aria-labelledby="staff-bookings">
      <h3 id="staff-bookings" className={styles.subheading}>
        {t('allBookings')}
      </h3>
      {list === undefined || (list === null && refresh.state === 'loading') ? (
        <Spinner label={t('common:loading')} />
      ) : !list || list.length === 0 ? (
        <p className={screenFrame.muted}>{t('noBookings')}</p>
      ) : (
        <ul className={screenFrame.list}>
          {list.map((b) => (
            <li key={b.id} className={styles.card}>
              <span className={styles.lines}>
                <span>
                  {t('staffLine', {
                    room: roomName(b.roomId),
                    date: ltr(wallClockDate(b.start)),
                    time: ltr(`${wallClockTime(b.start)}–${wallClockTime(b.end)}`),
                    by: b.bookedBy,
                  })}
                </span>
                {b.cancelRequestedAt ? <strong>{t('cancelRequestedBy', { by: b.cancelRequestedBy ?? '', at: f.dateTime(b.cancelRequestedAt) })}</strong> : null}
                {b.feeAgorot > 0 ? <span>{t(b.paid ? 'feePaid' : 'feeOpen', { fee: f.agorot(b.feeAgorot) })}</span> : null}
              </span>
              {b.paid ? null : (
                <Button
                  variant="ghost"
                  disabled={busy}
                  onClick={() => cancel(b)}
                  aria-label={t('cancelBookingOf', { by: b.bookedBy, date: wallClockDate(b.start), start: wallClockTime(b.start) })}
                >
                  {t('cancel')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
