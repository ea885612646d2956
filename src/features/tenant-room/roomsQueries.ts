// What the room screens show: the last answers of the server kept on the device (roomsRepo.ts).
import { db } from '../../db/db';
import type { ApartmentRow } from '../../db/schema';
import type { ShownBooking, RoomWeek, RoomsOfBuilding } from './roomsRepo';
import { roomsKey, staffKey, weekKey } from './roomsRepo';

export async function roomsOf(buildingId: number): Promise<RoomsOfBuilding | null> {
  return ((await db.meta.get(roomsKey(buildingId)))?.value as RoomsOfBuilding | undefined) ?? null;
}

export async function roomWeek(roomId: string, from: string): Promise<RoomWeek | null> {
  return ((await db.meta.get(weekKey(roomId, from)))?.value as RoomWeek | undefined) ?? null;
}

export async function staffBookings(buildingId: number): Promise<ShownBooking[] | null> {
  return ((await db.meta.get(staffKey(buildingId)))?.value as { records: ShownBooking[] } | undefined)?.records ?? null;
}

/** The apartments of a building in number order, for staff booking a room for one of them. */
export async function apartmentsOf(buildingId: number): Promise<ApartmentRow[]> {
  return (await db.apartments.where('buildingId').equals(buildingId).toArray()).sort((a, b) => a.number.localeCompare(b.number, 'he', { numeric: true }));
}
