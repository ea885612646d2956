// Demo data of EV-charging charges (issue 14): a charging station of an apartment in building 102 with
// three monthly readings, each a debt of the apartment in the one ledger, as the reading route posts
// them. Its own PRNG stream, written after the rest of the seed, so the older demo data does not change.
import type { Building, Meter, MeterReading } from '../../../src/lib/domain/entities.ts';
import { consumptionOf } from '../../../src/lib/domain/meterRules.ts';
import type { Db } from '../db/database.ts';
import { insertRecord } from '../db/records.ts';
import { specs } from '../db/specs.ts';
import { buildings } from '../data/buildings.ts';
import { syncReadingCharge } from '../money/evCharges.ts';
import { createRng } from './prng.ts';

const DAY = 86_400_000;

export async function seedEvCharges(tx: Db, companyId: number, buildingId: number, now: Date): Promise<void> {
  const rng = createRng(20_261_201);
  const building: Building | undefined = (await buildings.find(tx, buildingId))?.entity;
  const apartment = (await tx.all(tx.q.selectFrom('apartments').select('id').where('buildingId', '=', buildingId).orderBy('number').limit(3)))[2];
  const photo = await tx.first(tx.q.selectFrom('meter_readings').select('photoId').where('buildingId', '=', buildingId).limit(1));
  if (!building?.pricePerKwh || !apartment) return;
  const at = now.toISOString();
  const meter: Meter = {
    id: rng.uuid(),
    buildingId,
    apartmentId: apartment.id,
    number: `EV-${buildingId}-2`,
    kind: 'evCharger',
    initialReading: rng.int(200, 900),
    lastReading: null,
    lastReadingAt: null,
    version: 1,
    updatedAt: at,
  };
  let previous = meter.initialReading;
  const readings: MeterReading[] = [];
  for (let month = 3; month >= 1; month--) {
    const current = Math.round((previous + rng.int(60, 240) + rng.next()) * 10) / 10;
    const readAt = new Date(now.getTime() - month * 30 * DAY).toISOString();
    readings.push({
      id: rng.uuid(),
      meterId: meter.id,
      buildingId,
      previous,
      current,
      consumption: consumptionOf(previous, current),
      readAt,
      photoId: photo?.photoId ?? null,
      paid: false,
      pricePerKwh: building.pricePerKwh,
      version: 1,
      updatedAt: readAt,
    });
    previous = current;
  }
  const last = readings.at(-1);
  await insertRecord(tx, specs.meters, { ...meter, lastReading: last?.current ?? null, lastReadingAt: last?.readAt ?? null }, companyId);
  for (const r of readings) {
    await insertRecord(tx, specs.meterReadings, r, companyId);
    await syncReadingCharge(tx, meter, r, { companyId, createdBy: 'seed', at: r.readAt });
  }
}
