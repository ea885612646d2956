// Room booking on the device (issue 16). Booking and cancelling need the connection (the server is the
// authority on overlaps), so they are direct calls with an Idempotency-Key, not outbox entries; what
// the server answered last — rooms, a room's week, events — is kept in `meta`, so the calendar is
// readable offline from the last visit. The shared rules refuse on the device first.
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/errors';
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import { israelWallClock } from '../../lib/dates';
import type { BuildingRoom, RoomBooking } from '../../lib/domain/buildingLife';
import type { RoomInput } from '../../lib/domain/bookingRules';
import { cancellation, validateBooking, validateRoom } from '../../lib/domain/bookingRules';
import { isMessageKey } from '../../lib/validation/messages';
import { RuleError, refuse } from '../../lib/validation/rules';
import { withPageClient } from '../../session/api';

export type ShownBooking = RoomBooking & { mine: boolean };
export type RoomsOfBuilding = { records: BuildingRoom[]; myApartmentId: string | null; savedAt: string };
export type RoomWeek = { records: ShownBooking[]; room: BuildingRoom; serverNow: string; myApartmentId: string | null; savedAt: string };

export const roomsKey = (buildingId: number) => `tenantRoom.rooms:${buildingId}`;
export const weekKey = (roomId: string, from: string) => `tenantRoom.week:${roomId}:${from}`;
export const staffKey = (buildingId: number) => `tenantRoom.staff:${buildingId}`;

/** A refusal the server explains with a catalogue key becomes the same RuleError the device throws. */
function asRuleError(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const key = error.messageKey.replace(/^errors:/, '');
  return error.status === 422 && isMessageKey(key) ? new RuleError({ field: error.field ?? 'start', messageKey: key }) : error;
}

export async function pullRooms(api: ApiClient, buildingId: number): Promise<void> {
  const answer = await api.request<Omit<RoomsOfBuilding, 'savedAt'>>('GET', `buildings/${buildingId}/rooms`);
  await db.meta.put({ key: roomsKey(buildingId), value: { records: answer.records, myApartmentId: answer.myApartmentId, savedAt: new Date().toISOString() } });
}

export async function pullRoomWeek(api: ApiClient, roomId: string, from: string, days = 7): Promise<void> {
  const answer = await api.request<Omit<RoomWeek, 'savedAt'>>('GET', `rooms/${roomId}/bookings`, { from, days });
  await db.meta.put({ key: weekKey(roomId, from), value: { ...answer, savedAt: new Date().toISOString() } });
}

/** Staff: every live booking of a building. */
export async function pullStaffBookings(api: ApiClient, buildingId: number): Promise<void> {
  const answer = await api.request<{ records: ShownBooking[] }>('GET', 'room-bookings', { buildingId });
  await db.meta.put({ key: staffKey(buildingId), value: { records: answer.records, savedAt: new Date().toISOString() } });
}

/** `forApartment`: staff book for an apartment they choose (they see every booking's apartment). */
export type SlotRequest = { room: BuildingRoom; start: string; end: string; week: RoomWeek | null; forApartment?: string | null };

/** Books a slot: refused on the device by the shared rules against the last calendar, then by the server. */
export async function bookSlot(api: ApiClient, request: SlotRequest): Promise<ShownBooking> {
  const id = newId();
  const now = israelWallClock(new Date());
  const existing = request.week?.records ?? [];
  const forApartment = request.forApartment ?? null;
  // Other tenants' apartments are hidden from a tenant's calendar, so the device checks overlaps and its own quota.
  const apartmentId = forApartment ?? request.week?.myApartmentId ?? '';
  const known = forApartment ? existing : existing.map((b) => ({ ...b, apartmentId: b.mine ? apartmentId : `other:${b.id}` }));
  refuse(validateBooking(request.room, { id, apartmentId, start: request.start, end: request.end }, known, now));
  try {
    const body = { id, roomId: request.room.id, start: request.start, end: request.end, ...(forApartment ? { apartmentId: forApartment } : {}) };
    const answer = await api.request<{ record: ShownBooking }>('POST', 'room-bookings', body, { headers: { 'Idempotency-Key': newId() } });
    return answer.record;
  } catch (error) {
    throw asRuleError(error);
  }
}

/** Cancels a booking: until the day before by the tenant; from the day of the event through the management company. */
export async function cancelBooking(api: ApiClient, booking: ShownBooking, byStaff: boolean): Promise<void> {
  const decision = cancellation(booking, israelWallClock(new Date()), byStaff);
  if (decision === 'notAllowed') throw new RuleError({ field: 'id', messageKey: 'cannotDeletePastOrPaidEvent' });
  if (decision === 'throughManagementCompany') throw new RuleError({ field: 'id', messageKey: 'cancelThroughManagementCompany' });
  try {
    await api.request('DELETE', `room-bookings/${booking.id}?baseVersion=${booking.version}`, undefined, { headers: { 'Idempotency-Key': newId() } });
  } catch (error) {
    throw asRuleError(error);
  }
}

/** Staff and the committee add a room or change one (the server checks the same rule and the version). */
export async function saveRoom(api: ApiClient, buildingId: number, input: RoomInput, current: BuildingRoom | null): Promise<BuildingRoom> {
  refuse(validateRoom(input));
  const headers = { 'Idempotency-Key': newId() };
  try {
    const answer = current
      ? await api.request<{ record: BuildingRoom }>('PATCH', `rooms/${current.id}`, { baseVersion: current.version, changes: input }, { headers })
      : await api.request<{ record: BuildingRoom }>('POST', 'rooms', { id: newId(), buildingId, ...input }, { headers });
    return answer.record;
  } catch (error) {
    throw asRuleError(error);
  }
}

/** On the day of the booking: asks the management company to cancel it (their booking list shows the request). */
export async function requestCancellation(api: ApiClient, booking: ShownBooking): Promise<void> {
  try {
    await api.request('POST', `room-bookings/${booking.id}/cancel-request`, {}, { headers: { 'Idempotency-Key': newId() } });
  } catch (error) {
    throw asRuleError(error);
  }
}

/** The calls of the screens, with the page's client and its silent re-login. */
export const roomCalls = {
  saveRoom: withPageClient(saveRoom),
  bookSlot: withPageClient(bookSlot),
  cancelBooking: withPageClient(cancelBooking),
  requestCancellation: withPageClient(requestCancellation),
};
