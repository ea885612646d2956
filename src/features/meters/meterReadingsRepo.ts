// The meter-readings repository: a reading is always saved with its photo (spec 5: photo required).
// The reading and the photo's upload are two outbox entries of one transaction; the upload waits
// for the reading, and a reading waits for the meter's previous reading (the server computes
// `previous` from the meter's last reading, so the order of arrival matters; the payload does not carry it).
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import { entityKeyOf, newId } from '../../db/mutate';
import type { MeterReadingRow } from '../../db/schema';
import type { MeterReading } from '../../lib/domain/entities';
import {
  canDeleteReading,
  consumptionOf,
  latestReading,
  nextReadingOf,
  previousReadingOf,
  rechainedNext,
  validateReading,
  validateReadingCorrection,
  validateReadingPrice,
} from '../../lib/domain/meterRules';
import { refuse } from '../../lib/validation/rules';
import { currentActor } from '../../sync/write/actor';
import { photoRowOf } from '../../sync/write/photos';
import type { CompressedPhoto } from '../../sync/write/photos';
import { pullInto } from '../../sync/replay/pull';
import { changeRecord, createRecord, deleteRecord } from '../../sync/write/writePath';

export function readingsOfMeter(meterId: string): Promise<MeterReadingRow[]> {
  return db.meterReadings.where('meterId').equals(meterId).toArray();
}

export type NewReading = { meterId: string; current: number; readAt?: string; photo: CompressedPhoto | null };

/** Saves a reading with its photo. Returns the reading id. */
export async function addReading(input: NewReading): Promise<string> {
  const meter = await db.meters.get(input.meterId);
  if (!meter) throw new Error(`meters:${input.meterId} not found`);
  const readings = await readingsOfMeter(meter.id);
  const latest = latestReading(readings);
  const previous = previousReadingOf(meter, readings);
  const id = newId();
  const photoRows = input.photo ? [photoRowOf(input.photo, 'meterReadings', id, 'meter')] : [];
  const photoId = photoRows[0]?.id ?? null;
  const building = await db.buildings.get(meter.buildingId);
  const pricePerKwh = meter.kind === 'evCharger' ? (building?.pricePerKwh ?? null) : null;
  refuse(validateReading({ previous, current: input.current, photoId }) ?? validateReadingPrice(meter, pricePerKwh));
  const actor = await currentActor();
  const now = new Date().toISOString();
  const reading: MeterReading = {
    id,
    meterId: meter.id,
    buildingId: meter.buildingId,
    previous,
    current: input.current,
    consumption: consumptionOf(previous, input.current),
    readAt: input.readAt ?? now,
    photoId,
    paid: false,
    pricePerKwh,
    version: 0,
    updatedAt: now,
  };
  await createRecord({
    table: 'meterReadings',
    id,
    row: { ...reading, syncState: 'local' },
    path: 'meter-readings',
    payload: { id, meterId: meter.id, current: input.current, readAt: reading.readAt, photoId },
    dependsOn: [entityKeyOf('meters', meter.id), ...(latest ? [entityKeyOf('meterReadings', latest.id)] : [])],
    userKey: actor.userKey,
    uploads: { photos: photoRows, createdBy: actor.userId },
  });
  return id;
}

/**
 * Corrects the value of an unpaid reading: the same rule as the server's (it stays below the next reading),
 * refused here before anything is queued. The next reading held here starts where the corrected one ends,
 * as the server will re-chain it on replay.
 */
export async function updateReading(id: string, current: number): Promise<void> {
  const actor = await currentActor();
  let rechain: MeterReadingRow | null = null;
  await changeRecord({
    table: 'meterReadings',
    id,
    changes: { current },
    guard: async (row) => {
      const next = nextReadingOf(row, await readingsOfMeter(row.meterId));
      refuse(validateReadingCorrection({ reading: row, current, photoId: row.photoId, next }));
      rechain = next !== null && current !== row.current ? { ...next, ...rechainedNext(current, next) } : null;
    },
    rowChanges: (row) => ({ consumption: consumptionOf(row.previous, current) }),
    request: { path: `meter-readings/${id}` },
    userKey: actor.userKey,
    also: async () => {
      if (rechain) await db.meterReadings.put(rechain);
    },
  });
}

/** Deletes the latest reading of its meter (only that one, and never a paid one). */
export async function deleteLatestReading(id: string): Promise<void> {
  const actor = await currentActor();
  const reading = await db.meterReadings.get(id);
  if (!reading) throw new Error(`meterReadings:${id} not found`);
  refuse(canDeleteReading(reading, await readingsOfMeter(reading.meterId)));
  await deleteRecord({ table: 'meterReadings', id, path: `meter-readings/${id}`, userKey: actor.userKey });
}

export async function pullMeters(api: ApiClient, buildingId: number) {
  return pullInto(api, { table: 'meters', path: `buildings/${buildingId}/meters`, scope: (row) => row.buildingId === buildingId });
}

export async function pullReadings(api: ApiClient, meterId: string) {
  return pullInto(api, { table: 'meterReadings', path: `meters/${meterId}/readings`, scope: (row) => row.meterId === meterId });
}
