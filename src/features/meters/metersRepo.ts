// The counters of a building: add one (one per unit; charging stations only once the building has a
// price per kWh) and delete one. Each is the row + one outbox entry in one transaction (writePath).
import { db } from '../../db/db';
import { entityKeyOf, newId } from '../../db/mutate';
import type { Meter, MeterKind } from '../../lib/domain/entities';
import { canDeleteMeter, validateMeterFields, validateNewMeter } from '../../lib/domain/meterRules';
import { currentActor } from '../../sync/write/actor';
import { createRecord, deleteRecord } from '../../sync/write/writePath';
import { refuse } from '../../lib/validation/rules';

export type NewMeter = { buildingId: number; apartmentId: string | null; number: string; kind: MeterKind; initialReading: number };

/** Entity keys of `keys` that still have changes waiting in the outbox. */
async function pendingKeys(keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const entries = await db.outbox
    .where('entityKey')
    .anyOf([...keys])
    .toArray();
  return [...new Set(entries.map((e) => e.entityKey))];
}

/** Adds a counter with a client UUID. Returns its id. */
export async function addMeter(input: NewMeter): Promise<string> {
  const number = input.number.trim();
  refuse(
    validateMeterFields({ number, initialReading: input.initialReading }) ??
      validateNewMeter(
        { apartmentId: input.apartmentId, kind: input.kind },
        (await db.buildings.get(input.buildingId)) ?? { pricePerKwh: null },
        await db.meters.where('buildingId').equals(input.buildingId).toArray(),
      ),
  );
  const actor = await currentActor();
  const id = newId();
  const now = new Date().toISOString();
  const meter: Meter = {
    id,
    buildingId: input.buildingId,
    apartmentId: input.apartmentId,
    number,
    kind: input.kind,
    initialReading: input.initialReading,
    lastReading: null,
    lastReadingAt: null,
    version: 0,
    updatedAt: now,
  };
  await createRecord({
    table: 'meters',
    id,
    row: { ...meter, syncState: 'local' },
    path: 'meters',
    payload: { id, buildingId: meter.buildingId, apartmentId: meter.apartmentId, number, kind: meter.kind, initialReading: meter.initialReading },
    // A price set offline must reach the server before the charging station that needs it.
    dependsOn: await pendingKeys([entityKeyOf('buildings', input.buildingId)]),
    userKey: actor.userKey,
  });
  return id;
}

/** Deletes a counter and its readings (refused when it has paid readings). */
export async function deleteMeter(id: string): Promise<void> {
  const readings = await db.meterReadings.where('meterId').equals(id).toArray();
  refuse(canDeleteMeter(readings));
  const actor = await currentActor();
  // Readings still on their way are sent first, so the server never sees a reading of a deleted counter.
  const waitFor = await pendingKeys(readings.map((r) => entityKeyOf('meterReadings', r.id)));
  const waiting = new Set(waitFor);
  await deleteRecord({
    table: 'meters',
    id,
    path: `meters/${id}`,
    dependsOn: waitFor,
    userKey: actor.userKey,
    tables: ['meterReadings'],
    also: async () => {
      await db.meterReadings.bulkDelete(readings.filter((r) => !waiting.has(entityKeyOf('meterReadings', r.id))).map((r) => r.id));
    },
  });
}
