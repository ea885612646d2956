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

export const gateOpenings = {
  insert: (db: Db, row: GateOpeningTable) => db.run(db.q.insertInto('gate_openings').values(row)),
  ofGate: (db: Db, gateId: string) => db.all(db.q.selectFrom('gate_openings').selectAll().where('gateId', '=', gateId).orderBy('requestedAt', 'desc')),
};
