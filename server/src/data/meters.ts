// Meters and their readings.
import type { Meter, MeterReading } from '../../../src/lib/domain/entities.ts';
import type { Db } from '../db/database.ts';
import { deleteWhere, resource } from '../db/records.ts';
import { specs } from '../db/specs.ts';

const meterRecords = resource<Meter>(specs.meters);

export const meterReadings = {
  ...resource<MeterReading>(specs.meterReadings),
  /** A meter's readings, newest first. */
  ofMeter: (db: Db, meterId: string) => meterReadings.list(db, { meterId }, { orderBy: 'readAt', desc: true }),
};

export const meters = {
  ...meterRecords,
  /** A meter and its readings. */
  async remove(db: Db, id: string): Promise<void> {
    await deleteWhere(db, 'meter_readings', 'meterId', id);
    await meterRecords.remove(db, id);
  },
};
