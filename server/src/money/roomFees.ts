// A room's fee is a debt of the one ledger (issue 16): booking a room with a fee posts a 'special'
// charge to the apartment, which the tenant sees and pays on the home screen like any other debt.
// Cancelling in time takes the unpaid charge back; a booking whose fee was paid (or is covered by
// checks sent for deposit) is paid, and a paid event cannot be deleted (spec 4).
import { dayOf } from '../../../src/lib/domain/bookingRules.ts';
import type { BuildingRoom, RoomBooking } from '../../../src/lib/domain/buildingLife.ts';
import { openDebts } from '../../../src/lib/domain/ledger.ts';
import { wallClockDate, wallClockTime } from '../../../src/lib/dates.ts';
import type { Db } from '../db/database.ts';
import { contacts } from '../data/buildings.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import { ledger } from '../data/ledger.ts';
import { chargesInSentChecks } from './ledgerDebts.ts';

export const ROOM_FEE_SOURCE = 'roomBooking';

/** The fee's charge row has the booking's id with a suffix: one charge per booking, found again by its source. */
export const feeChargeIdOf = (bookingId: string) => `${bookingId}:fee`;

/** Who is charged: the tenant who booked, or (booked by staff) the apartment's owner, else anyone living there. */
async function payerOf(db: Db, booking: RoomBooking, tenantContactId: string | null): Promise<string | null> {
  if (tenantContactId) return tenantContactId;
  const people = await contacts.list(db, { apartmentId: booking.apartmentId }, { orderBy: 'id' });
  return (people.find((c) => c.role === 'owner' || c.role === 'committee') ?? people[0])?.id ?? null;
}

/** Posts the fee of a new booking (nothing for a free room); `today` is the local date of the booking. */
export async function chargeRoomFee(
  db: Db,
  p: { booking: RoomBooking; room: BuildingRoom; companyId: number; tenantContactId: string | null; createdBy: string; today: string; at: string },
): Promise<void> {
  if (p.booking.feeAgorot <= 0) return;
  const { booking, room } = p;
  const entry: StoredLedgerEntry = {
    id: feeChargeIdOf(booking.id),
    buildingId: booking.buildingId,
    kind: 'charge',
    date: p.today,
    amountAgorot: booking.feeAgorot,
    apartmentId: booking.apartmentId,
    contactId: await payerOf(db, booking, p.tenantContactId),
    debtKind: 'special',
    // Due by the day of the booking; the description names the room and the slot in the building's clock.
    dueDate: dayOf(booking.start) < p.today ? p.today : dayOf(booking.start),
    group: null,
    description: `${room.name} ${wallClockDate(booking.start)} ${wallClockTime(booking.start)}–${wallClockTime(booking.end)}`,
    settles: [],
    sourceKind: ROOM_FEE_SOURCE,
    sourceId: booking.id,
    createdAt: p.at,
    createdBy: p.createdBy,
    version: 1,
    updatedAt: p.at,
  };
  await ledger.insert(db, entry, p.companyId);
}

/**
 * Which of a building's bookings are paid: their fee charge is settled in part or whole, or named by
 * checks sent for deposit. Read from the ledger, so a payment made anywhere counts at once.
 */
export async function paidBookings(db: Db, companyId: number, buildingId: number): Promise<Set<string>> {
  const entries = await ledger.ofBuilding(db, companyId, buildingId);
  const fees = entries.filter((e) => e.kind === 'charge' && e.sourceKind === ROOM_FEE_SOURCE && e.sourceId !== null);
  if (fees.length === 0) return new Set();
  const pending = await chargesInSentChecks(db, buildingId, entries);
  const open = new Map<string, number>();
  for (const apartmentId of new Set(fees.map((f) => f.apartmentId ?? ''))) for (const d of openDebts(entries, apartmentId)) open.set(d.chargeId, d.open);
  return new Set(fees.filter((f) => (open.get(f.id) ?? 0) < f.amountAgorot || pending.has(f.id)).map((f) => f.sourceId ?? ''));
}

/** Cancelling an unpaid booking takes its fee charge out of the ledger (the debt disappears). */
export async function withdrawRoomFee(db: Db, companyId: number, bookingId: string): Promise<void> {
  const charge = await ledger.bySource(db, companyId, ROOM_FEE_SOURCE, bookingId, 'charge');
  if (charge) await ledger.remove(db, charge.id, companyId);
}

/** The bookings as the ledger has them: `paid` comes from the fee's payments. */
export function withPaid<B extends RoomBooking>(list: readonly B[], paid: ReadonlySet<string>): B[] {
  return list.map((b) => ({ ...b, paid: b.paid || paid.has(b.id) }));
}
