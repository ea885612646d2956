// Demo data of building life (issue 16): rooms, a booking, building events and gates of company 1001.
// Its own PRNG stream, written after the rest of the seed, so the older demo data does not change.
import type { BuildingEvent, BuildingRoom, Gate, RoomBooking } from '../../../src/lib/domain/buildingLife.ts';
import { addLocalDays, israelWallClock } from '../../../src/lib/dates.ts';
import type { Db } from '../db/database.ts';
import { insertRecord } from '../db/records.ts';
import { specs } from '../db/specs.ts';
import { migrationApplied } from './migrationApplied.ts';
import { createRng } from './prng.ts';

const roomKinds = [
  {
    name: 'חדר מועדון',
    opensAt: '08:00',
    closesAt: '22:00',
    slotMinutes: 60,
    bufferMinutes: 30,
    maxDaysAhead: 30,
    maxFutureBookingsPerApartment: 2,
    feeAgorot: 0,
  },
  {
    name: 'גג משותף',
    opensAt: '10:00',
    closesAt: '23:00',
    slotMinutes: 120,
    bufferMinutes: 0,
    maxDaysAhead: 14,
    maxFutureBookingsPerApartment: 1,
    feeAgorot: 15_000,
  },
] as const;

export async function seedBuildingLife(tx: Db, companyId: number, buildingIds: readonly number[], now: Date): Promise<void> {
  const rng = createRng(20_261_116);
  const at = now.toISOString();
  const today = israelWallClock(now).slice(0, 10);
  for (const buildingId of buildingIds) {
    const roomIds: string[] = [];
    for (const kind of roomKinds) {
      const room: BuildingRoom = { id: rng.uuid(), buildingId, ...kind, version: 1, updatedAt: at };
      await insertRecord(tx, specs.rooms, room, companyId);
      roomIds.push(room.id);
    }
    const apartment = await tx.first(tx.q.selectFrom('apartments').select('id').where('buildingId', '=', buildingId).orderBy('number', 'desc').limit(1));
    const clubRoom = roomIds[0];
    if (apartment && clubRoom) {
      const day = addLocalDays(today, 3);
      const booking: RoomBooking = {
        id: rng.uuid(),
        roomId: clubRoom,
        buildingId,
        apartmentId: apartment.id,
        start: `${day}T20:00`,
        end: `${day}T21:00`,
        status: 'booked',
        paid: false,
        bookedBy: 'דייר לדוגמה',
        createdAt: at,
        cancelledAt: null,
        cancelledBy: null,
        feeAgorot: 0,
        cancelRequestedAt: null,
        cancelRequestedBy: null,
        version: 1,
        updatedAt: at,
      };
      await insertRecord(tx, specs.roomBookings, booking, companyId);
    }
    const cleaning = addLocalDays(today, 5);
    const events: BuildingEvent[] = [
      {
        id: rng.uuid(),
        buildingId,
        title: 'יום ניקיון כללי',
        notes: 'נא לפנות חפצים מחדר המדרגות',
        start: `${cleaning}T08:00`,
        end: `${cleaning}T12:00`,
        createdBy: 'מירי אברהם',
        version: 1,
        updatedAt: at,
      },
      {
        id: rng.uuid(),
        buildingId,
        title: 'הדברה',
        notes: 'ריסוס בחדר האשפה ובחניון',
        start: `${addLocalDays(today, 9)}T09:00`,
        end: `${addLocalDays(today, 9)}T11:00`,
        createdBy: 'מירי אברהם',
        version: 1,
        updatedAt: at,
      },
    ];
    for (const event of events) await insertRecord(tx, specs.buildingEvents, event, companyId);
    const gates: Gate[] = [
      {
        id: rng.uuid(),
        buildingId,
        name: 'שער חניון',
        gatePhone: `03${rng.digits(7)}`,
        dialingPhones: ['0534445566', '0545556677'],
        isPublic: false,
        dialerLine: null,
        version: 1,
        updatedAt: at,
      },
      {
        id: rng.uuid(),
        buildingId,
        name: 'שער ראשי',
        gatePhone: `03${rng.digits(7)}`,
        dialingPhones: ['0523334455'],
        isPublic: true,
        dialerLine: `07720${String(buildingId).padStart(5, '0')}`,
        version: 1,
        updatedAt: at,
      },
    ];
    // The public gate has its own line: every resident opens it through the line (lib/domain/gateRules.ts).
    // An older schema (a migration's test) has no gate lines: its demo has no gates.
    if (await migrationApplied(tx, '022_security_a')) for (const gate of gates) await insertRecord(tx, specs.gates, gate, companyId);
  }
}
