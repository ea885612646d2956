// A building's committee fee schedules (migration 035): rows are only ever added, each from the month it
// takes effect; the rule of which one bills a month is src/lib/domain/feeScheduleRules.ts.
import { z } from 'zod';
import type { FeeSchedule } from '../../../src/lib/domain/feeScheduleRules.ts';
import { feeBases, feeFrequencies, feePayers } from '../../../src/lib/domain/feeScheduleRules.ts';
import type { Db } from '../db/database.ts';
import { fromJson } from '../db/records.ts';
import type { FeeScheduleTable } from '../db/schema.ts';
import type { Selectable } from 'kysely';

const lines = z.array(z.object({ apartmentId: z.string(), rooms: z.number().nullable(), amountAgorot: z.number().int().nullable() }));

const scheduleOf = (r: Selectable<FeeScheduleTable>): FeeSchedule => ({
  id: r.id,
  buildingId: Number(r.buildingId),
  effectiveFrom: r.effectiveFrom,
  basis: z.enum(feeBases).parse(r.basis),
  rateAgorot: Number(r.rateAgorot),
  frequency: z.enum(feeFrequencies).parse(r.frequency),
  billingDay: Number(r.billingDay),
  payer: z.enum(feePayers).parse(r.payer),
  apartments: lines.parse(fromJson(r.apartments)),
  createdAt: new Date(r.createdAt).toISOString(),
  createdBy: r.createdBy,
});

export const feeSchedules = {
  /** The building's schedules, the latest to take effect first (of one month, the later made first). */
  ofBuilding: async (db: Db, companyId: number, buildingId: number): Promise<FeeSchedule[]> =>
    (
      await db.all(
        db.q
          .selectFrom('fee_schedules')
          .selectAll()
          .where('companyId', '=', companyId)
          .where('buildingId', '=', buildingId)
          .orderBy('effectiveFrom', 'desc')
          .orderBy('createdAt', 'desc'),
      )
    ).map(scheduleOf),

  /** Every building with a schedule, for the billing job (all companies). */
  buildings: async (db: Db): Promise<{ companyId: number; buildingId: number }[]> =>
    (await db.all(db.q.selectFrom('fee_schedules').select(['companyId', 'buildingId']).distinct().orderBy('buildingId'))).map((r) => ({
      companyId: Number(r.companyId),
      buildingId: Number(r.buildingId),
    })),

  insert: (db: Db, companyId: number, s: FeeSchedule) =>
    db.run(db.q.insertInto('fee_schedules').values({ ...s, companyId, apartments: JSON.stringify(s.apartments) })),
};
