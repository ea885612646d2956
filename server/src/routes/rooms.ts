// Room booking (spec 1, 4, 5, 8; issue 16): a tenant books a free slot of a room of their building; the
// shared rules (lib/domain/bookingRules.ts) decide in the booking's transaction, so of two concurrent
// bookings of one slot one wins and the other is refused with "event overlaps". Cancelling keeps the
// row (status 'cancelled'): until the day before by the tenant, later through the management company.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { BuildingRoom, RoomBooking } from '../../../src/lib/domain/buildingLife.ts';
import { cancellation, validateBooking, validateRoom } from '../../../src/lib/domain/bookingRules.ts';
import { addLocalDays, israelWallClock } from '../../../src/lib/dates.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { contacts, apartments } from '../data/buildings.ts';
import { ledger } from '../data/ledger.ts';
import { billingSettings } from '../data/payments.ts';
import { hasPastDueDebt } from '../../../src/lib/domain/ledger.ts';
import { roomBookings, rooms } from '../data/buildingLife.ts';
import { bump, checkVersion, loadBuilding, loadOwned, queryOf, refuseExisting } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { mayDo, visibleBuildingIds } from '../http/rights.ts';
import { chargeRoomFee, paidBookings, withPaid, withdrawRoomFee } from '../money/roomFees.ts';
import { clockTime, localDate, patchBody, recordId, wallClock } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { defineCommand } from '../http/command.ts';
import { baseVersionIn, buildingParams, idParams, noParams, paramsOf } from '../http/params.ts';

const bookingCreate = z.object({ id: recordId, roomId: recordId, start: wallClock, end: wallClock, apartmentId: z.string().nullable().optional() });
const roomFields = {
  name: z.string().trim(),
  opensAt: clockTime,
  // HH:MM, or 24:00 for a room open to the end of the day (validateRoom).
  closesAt: z.string(),
  slotMinutes: z.number(),
  bufferMinutes: z.number(),
  maxDaysAhead: z.number(),
  maxFutureBookingsPerApartment: z.number(),
  feeAgorot: z.number(),
};
const roomCreate = z.object({ id: recordId, buildingId: z.number().int(), ...roomFields });
const roomPatch = patchBody(roomFields);
const range = z.object({ from: localDate.optional(), days: z.coerce.number().int().min(1).max(31).default(7) });

/** The apartment of a tenant (their contact's); null for users who live nowhere in the company. */
async function ownApartmentOf(db: Db, req: FastifyRequest): Promise<string | null> {
  const { contactId } = authOf(req).user;
  if (!contactId) return null;
  return (await contacts.find(db, contactId))?.entity.apartmentId ?? null;
}

/** What a booking looks like to the caller: staff see who booked; a tenant sees that only for their own. */
function shown(booking: RoomBooking, ownApartment: string | null, staff: boolean): RoomBooking & { mine: boolean } {
  const mine = booking.apartmentId === ownApartment;
  return staff || mine ? { ...booking, mine } : { ...booking, mine, apartmentId: '', bookedBy: '' };
}

export function roomRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const wallNow = () => israelWallClock(ctx.now());

  app.get('/api/binyan/buildings/:bid/rooms', { config: { right: 'rooms.use' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { records: await rooms.list(db, { buildingId: building.id }, { orderBy: 'name' }), myApartmentId: await ownApartmentOf(db, req) };
  });

  /** The calendar: bookings of a room from `from` (default today) for `days` days. */
  app.get('/api/binyan/rooms/:id/bookings', { config: { right: 'rooms.use' } }, async (req) => {
    const room = await loadOwned(db, req, rooms, paramsOf(idParams, req).id);
    const { from, days } = parse(range, queryOf(req));
    const first = from ?? wallNow().slice(0, 10);
    const own = await ownApartmentOf(db, req);
    const staff = mayDo(req, 'rooms.manage');
    const records = withPaid(
      await roomBookings.ofRoomBetween(db, room.id, `${first}T00:00`, `${addLocalDays(first, days)}T00:00`),
      await paidBookings(db, authOf(req).companyId, room.buildingId),
    );
    return { records: records.map((b) => shown(b, own, staff)), room, serverNow: wallNow(), myApartmentId: own };
  });

  /** Staff: every live booking of their buildings (or of one). */
  app.get('/api/binyan/room-bookings', { config: { right: 'rooms.manage' } }, async (req) => {
    const bid = queryOf(req).buildingId;
    const ids = bid ? [(await loadBuilding(db, req, bid)).id] : await visibleBuildingIds(db, req);
    const { companyId } = authOf(req);
    const list = await roomBookings.liveOfBuildings(db, ids === null ? null : [...ids], companyId, wallNow());
    const paid = new Set<string>();
    for (const buildingId of new Set(list.map((b) => b.buildingId))) for (const id of await paidBookings(db, companyId, buildingId)) paid.add(id);
    return { records: withPaid(list, paid).map((b) => ({ ...b, mine: false })) };
  });
}

export const roomsCommands = [
  /** Staff and the committee add a room of a building with its hours, booking rules and fee. */
  defineCommand({
    method: 'POST',
    url: '/api/binyan/rooms',
    right: 'rooms.setup',
    params: noParams,
    body: roomCreate,
    bodyOptional: true,
    change: async (tx, { ctx, req, body }) => {
      await refuseExisting(tx, req, rooms, body.id);
      const building = await loadBuilding(tx, req, body.buildingId);
      enforce(validateRoom(body));
      const record: BuildingRoom = { ...body, buildingId: building.id, version: 1, updatedAt: ctx.nowIso() };
      await rooms.insert(tx, record, authOf(req).companyId);
      return { status: 201, record };
    },
  }),

  /** A changed fee or rule applies to new bookings; a booking keeps the fee it was charged. */
  defineCommand({
    method: 'PATCH',
    url: '/api/binyan/rooms/:id',
    right: 'rooms.setup',
    params: idParams,
    body: roomPatch,
    bodyOptional: true,
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      const current = await loadOwned(tx, req, rooms, id);
      checkVersion(current, body.baseVersion);
      const record = bump(current, body.changes, ctx.nowIso());
      enforce(validateRoom(record));
      await rooms.update(tx, record);
      return { record };
    },
  }),

  defineCommand({
    method: 'POST',
    url: '/api/binyan/room-bookings',
    right: 'rooms.use',
    terms: true,
    params: noParams,
    body: bookingCreate,
    bodyOptional: true,
    change: async (tx, { ctx, req, body }) => {
      await refuseExisting(tx, req, roomBookings, body.id, async (b) => shown(b, await ownApartmentOf(tx, req), mayDo(req, 'rooms.manage')));
      const room = await loadOwned(tx, req, rooms, body.roomId);
      const own = await ownApartmentOf(tx, req);
      // Staff book for an apartment they name; everyone else for their own home.
      const apartmentId = own ?? (mayDo(req, 'rooms.manage') ? (body.apartmentId ?? null) : null);
      if (!apartmentId) throw fail.validation({ field: 'apartmentId', messageKey: 'missingDetailsToContinue' });
      const apartment = await apartments.find(tx, apartmentId);
      if (!apartment || apartment.entity.buildingId !== room.buildingId)
        throw fail.validation({ field: 'apartmentId', messageKey: 'missingDetailsToContinue' });
      const now = israelWallClock(ctx.now());
      const { user, companyId } = authOf(req);
      // A building may refuse bookings to an apartment in arrears (spec 8 "there is a debt"); staff booking
      // for an apartment are refused alike, so the setting cannot be bypassed through the office.
      if (
        (await billingSettings.of(tx, room.buildingId))?.refuseRoomsWithDebt &&
        hasPastDueDebt(await ledger.ofApartment(tx, companyId, apartmentId), apartmentId, now.slice(0, 10))
      ) {
        throw fail.rule({ field: 'apartmentId', messageKey: 'thereIsADebt' });
      }
      const live = await roomBookings.liveOfRoom(tx, room.id, now);
      const refusal = validateBooking(room, { id: body.id, apartmentId, start: body.start, end: body.end }, live, now);
      if (refusal)
        throw ['eventOverlaps', 'noMoreEventsForApartment', 'bookingTooFarAhead', 'bookingInThePast'].includes(refusal.messageKey)
          ? fail.rule(refusal)
          : fail.validation(refusal);
      const at = ctx.nowIso();
      const record: RoomBooking = {
        id: body.id,
        roomId: room.id,
        buildingId: room.buildingId,
        apartmentId,
        start: body.start,
        end: body.end,
        status: 'booked',
        paid: false,
        bookedBy: user.fullName,
        createdAt: at,
        cancelledAt: null,
        cancelledBy: null,
        feeAgorot: room.feeAgorot,
        cancelRequestedAt: null,
        cancelRequestedBy: null,
        version: 1,
        updatedAt: at,
      };
      await roomBookings.insert(tx, record, companyId);
      await chargeRoomFee(tx, {
        booking: record,
        room,
        companyId,
        tenantContactId: own ? user.contactId : null,
        createdBy: user.userName,
        today: now.slice(0, 10),
        at,
      });
      return { status: 201, record: { ...record, mine: true } };
    },
  }),

  /**
   * On the day of the booking a tenant may not cancel it themselves (spec 4): they ask the management
   * company, whose booking list shows the request; asking again changes nothing.
   */
  defineCommand({
    method: 'POST',
    url: '/api/binyan/room-bookings/:id/cancel-request',
    right: 'rooms.use',
    params: idParams,
    body: z.unknown(),
    change: async (tx, { ctx, req, params }) => {
      const { id } = params;
      const current = await loadOwned(tx, req, roomBookings, id);
      const own = await ownApartmentOf(tx, req);
      if (current.apartmentId !== own) throw fail.forbidden();
      const { companyId, user } = authOf(req);
      const paid = (await paidBookings(tx, companyId, current.buildingId)).has(current.id);
      if (cancellation({ ...current, paid }, israelWallClock(ctx.now()), true) === 'notAllowed')
        throw fail.rule({ field: 'id', messageKey: 'cannotDeletePastOrPaidEvent' });
      if (current.cancelRequestedAt) return { record: { ...current, paid, mine: true } };
      const at = ctx.nowIso();
      const record: RoomBooking = { ...current, cancelRequestedAt: at, cancelRequestedBy: user.fullName, version: current.version + 1, updatedAt: at };
      await roomBookings.update(tx, record);
      return { record: { ...record, paid, mine: true } };
    },
  }),

  /** Cancel: the booking stays on record with status 'cancelled' (its slot is free again). */
  defineCommand({
    method: 'DELETE',
    url: '/api/binyan/room-bookings/:id',
    right: 'rooms.use',
    params: idParams,
    body: z.unknown(),
    change: async (tx, { ctx, req, params, query }) => {
      const { id } = params;
      const current = await loadOwned(tx, req, roomBookings, id);
      checkVersion(current, baseVersionIn(query));
      const staff = mayDo(req, 'rooms.manage');
      if (!staff && current.apartmentId !== (await ownApartmentOf(tx, req))) throw fail.forbidden();
      const { companyId } = authOf(req);
      const paid = (await paidBookings(tx, companyId, current.buildingId)).has(current.id);
      const decision = cancellation({ ...current, paid }, israelWallClock(ctx.now()), staff);
      if (decision === 'notAllowed') throw fail.rule({ field: 'id', messageKey: 'cannotDeletePastOrPaidEvent' });
      if (decision === 'throughManagementCompany') throw fail.rule({ field: 'id', messageKey: 'cancelThroughManagementCompany' });
      const at = ctx.nowIso();
      const record: RoomBooking = {
        ...current,
        status: 'cancelled',
        cancelledAt: at,
        cancelledBy: authOf(req).user.fullName,
        version: current.version + 1,
        updatedAt: at,
      };
      await roomBookings.update(tx, record);
      await withdrawRoomFee(tx, companyId, current.id);
      return { record: { ...record, mine: !staff || current.apartmentId === (await ownApartmentOf(tx, req)) } };
    },
  }),
];
