// Rooms, bookings, building events and gates (issue 16).
import type { BuildingEvent, BuildingRoom, Gate, RoomBooking } from '../../../src/lib/domain/buildingLife.ts';
import type { Db } from '../db/database.ts';
import { decode, resource } from '../db/records.ts';
import { specs } from '../db/specs.ts';
import type { GateOpeningTable } from '../db/schema.ts';

export const rooms = resource<BuildingRoom>(specs.rooms);
export const buildingEvents = resource<BuildingEvent>(specs.buildingEvents);
export const gates = resource<Gate>(specs.gates);

const bookingResource = resource<RoomBooking>(specs.roomBookings);

export const roomBookings = {
  ...bookingResource,
  /**
   * The live bookings of a room ending after `from` (wall clock): what a new booking is checked
   * against. Read in the booking's transaction, so two concurrent bookings of one slot cannot both
   * pass (SQLite: one transaction at a time; PostgreSQL: serializable, the loser runs again).
   */
  liveOfRoom: async (db: Db, roomId: string, from: string): Promise<RoomBooking[]> =>
    (
      await db.all(
        db.q.selectFrom('room_bookings').selectAll().where('roomId', '=', roomId).where('status', '=', 'booked').where('end', '>', from).orderBy('start'),
      )
    ).map((r) => decode(specs.roomBookings, r)),
  /** Bookings of a room (any status) starting in [from, to) — the calendar. */
  ofRoomBetween: async (db: Db, roomId: string, from: string, to: string): Promise<RoomBooking[]> =>
    (
      await db.all(
        db.q.selectFrom('room_bookings').selectAll().where('roomId', '=', roomId).where('start', '>=', from).where('start', '<', to).orderBy('start'),
      )
    ).map((r) => decode(specs.roomBookings, r)),
  /** Live bookings of the buildings ending after `from`, soonest first — the staff view. */
  liveOfBuildings: async (db: Db, buildingIds: readonly number[] | null, companyId: number, from: string): Promise<RoomBooking[]> => {
    let query = db.q.selectFrom('room_bookings').selectAll().where('companyId', '=', companyId).where('status', '=', 'booked').where('end', '>', from);
    if (buildingIds !== null) query = buildingIds.length === 0 ? query.where('buildingId', '=', -1) : query.where('buildingId', 'in', [...buildingIds]);
    return (await db.all(query.orderBy('start'))).map((r) => decode(specs.roomBookings, r));
  },
};

export const buildingEventsOf = async (db: Db, buildingId: number, from: string): Promise<BuildingEvent[]> =>
  (await db.all(db.q.selectFrom('building_events').selectAll().where('buildingId', '=', buildingId).where('end', '>', from).orderBy('start'))).map((r) =>
    decode(specs.buildingEvents, r),
  );

/** Events of every building starting in (from, until] (Israel wall clock) not reminded yet, soonest first (jobs/eventReminders.ts). */
export const eventsToRemind = (db: Db, from: string, until: string) =>
  db.all(db.q.selectFrom('building_events').selectAll().where('remindedAt', 'is', null).where('start', '>', from).where('start', '<=', until).orderBy('start'));

/** Claims the event's reminder: true for the one caller that set `remindedAt`, false when another did first. */
export const claimEventReminder = async (db: Db, eventId: string, at: string): Promise<boolean> =>
  (await db.run(db.q.updateTable('building_events').set({ remindedAt: at }).where('id', '=', eventId).where('remindedAt', 'is', null))).changes === 1;

export const gateOpenings = {
  insert: (db: Db, row: GateOpeningTable) => db.run(db.q.insertInto('gate_openings').values(row)),
  find: (db: Db, id: string) => db.first(db.q.selectFrom('gate_openings').selectAll().where('id', '=', id)),
  /** The latest open requests of a gate with who asked (their name as the account has it now). */
  ofGate: async (db: Db, gateId: string, limit = 100) =>
    db.all(
      db.q
        .selectFrom('gate_openings')
        .leftJoin('users', 'users.id', 'gate_openings.userId')
        .selectAll('gate_openings')
        .select('users.fullName as userName')
        .where('gate_openings.gateId', '=', gateId)
        .orderBy('gate_openings.requestedAt', 'desc')
        .limit(limit),
    ),
  /**
   * Takes a recorded request for its one dial (queued → dialing); false when another request of the same
   * key, another process or an earlier run already took it. Committed before the dialer is called.
   */
  claimDial: async (db: Db, id: string, now: string): Promise<boolean> =>
    (await db.run(db.q.updateTable('gate_openings').set({ status: 'dialing', dialedAt: now }).where('id', '=', id).where('status', '=', 'queued'))).changes === 1,
  /** What the dialer answered (or why it could not be asked). */
  finishDial: (db: Db, id: string, status: 'dialed' | 'failed', reason: string | null) =>
    db.run(db.q.updateTable('gate_openings').set({ status, reason }).where('id', '=', id).where('status', '=', 'dialing')),
};

/** Whether a number is a person's (a user's or a contact's of the company): never a gate's line. */
export async function isPersonalPhone(db: Db, companyId: number, digits: string): Promise<boolean> {
  const forms = [...new Set([digits, digits.startsWith('972') ? `0${digits.slice(3)}` : `972${digits.slice(1)}`])];
  const user = await db.first(db.q.selectFrom('users').select('id').where('companyId', '=', companyId).where('phone', 'in', forms).limit(1));
  if (user) return true;
  return (await db.first(db.q.selectFrom('contacts').select('id').where('companyId', '=', companyId).where('phone', 'in', forms).limit(1))) !== undefined;
}
