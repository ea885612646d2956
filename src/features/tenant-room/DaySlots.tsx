import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { wallClockTime } from '../../lib/dates';
import type { BuildingRoom } from '../../lib/domain/buildingLife';
import { freeSlots, overlaps } from '../../lib/domain/bookingRules';
import { Button } from '../../ui/Button';
import { useFormats } from '../../ui/useFormats';
import styles from './TenantRoom.module.css';
import screenFrame from '../../ui/screenFrame.module.css';
import type { ShownBooking } from './roomsRepo';

type Props = {
  room: BuildingRoom;
  day: string;
  now: string;
  bookings: readonly ShownBooking[];
  canBook: boolean;
  /** The tenant pays their debts in the app (a room's fee among them). */
  canPay: boolean;
  onBook(slot: { start: string; end: string }): void;
  onCancel(booking: ShownBooking): void;
};

/** One day of a room: its bookings and free slots in time order (free = the rule the server applies). */
export function DaySlots({ room, day, now, bookings, canBook, canPay, onBook, onCancel }: Props) {
  const { t } = useTranslation('tenantRoom');
  const f = useFormats();
  const ofDay = bookings.filter((b) => b.status === 'booked' && b.start.startsWith(day));
  const free = freeSlots(room, day, ofDay, now);
  type Row = { start: string; end: string; booking: ShownBooking | null };
  const rows: Row[] = [...ofDay.map((b) => ({ start: b.start, end: b.end, booking: b })), ...free.map((s) => ({ ...s, booking: null }))].sort((a, b) =>
    a.start < b.start ? -1 : 1,
  );
  if (rows.length === 0) return <p className={screenFrame.muted}>{t('noSlots')}</p>;
  return (
    <ul className={styles.slots} aria-label={t('slotsOfDay')}>
      {rows.map((row) => {
        const span = t('span', { start: wallClockTime(row.start), end: wallClockTime(row.end) });
        const blocked = row.booking === null && ofDay.some((b) => overlaps(b, row, room.bufferMinutes));
        return (
          <li key={row.start} className={row.booking ? (row.booking.mine ? styles.mine : styles.taken) : styles.free}>
            <span className={styles.span}>
              <bdi dir="ltr">{span}</bdi>
            </span>
            {row.booking === null ? (
              <Button variant="secondary" disabled={!canBook || blocked} onClick={() => onBook(row)} aria-label={t('bookAt', { span })}>
                {t('book')}
              </Button>
            ) : row.booking.mine ? (
              <>
                <span className={styles.stateLines}>
                  <span>{t('yourBooking')}</span>
                  {row.booking.cancelRequestedAt ? <span>{t('cancelRequestedState')}</span> : null}
                  {row.booking.feeAgorot > 0 ? <span>{t(row.booking.paid ? 'feePaid' : 'feeOpen', { fee: f.agorot(row.booking.feeAgorot) })}</span> : null}
                </span>
                {row.booking.feeAgorot > 0 && !row.booking.paid && canPay ? (
                  <Link className={styles.link} to="/pay">
                    {t('payFee')}
                  </Link>
                ) : null}
                {row.booking.paid ? null : (
                  <Button variant="ghost" onClick={() => onCancel(row.booking as ShownBooking)} aria-label={t('cancelAt', { span })}>
                    {t('cancel')}
                  </Button>
                )}
              </>
            ) : (
              <span className={styles.state}>{t('taken')}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
