// Bulk data for the benchmark: extra buildings with apartments and many service calls in company 1001.
import type { ServiceCall } from '../../../src/lib/domain/entities.ts';
import { serviceCallDomains, serviceCallStatuses } from '../../../src/lib/domain/entities.ts';
import type { Db } from '../db/database.ts';
import { insertRecord } from '../db/records.ts';
import { specs } from '../db/specs.ts';
import { createRng } from './prng.ts';
import { seedBuilding } from './seedBuilding.ts';
import { linkSeededFiles } from './seedFileLinks.ts';
import type { SeedEnv } from './seedBuilding.ts';

export type SeedLargeOptions = {
  buildings: number;
  serviceCalls: number;
  companyId?: number;
  now?: Date;
  /** Apartments per building (default 8). */
  apartments?: number;
  /** Each building with its calls, meters and readings, keys, mail and plan, as the demo's (default: apartments and people only). */
  rich?: boolean;
};

export async function seedLarge(db: Db, options: SeedLargeOptions): Promise<{ buildingIds: number[]; serviceCalls: number }> {
  const companyId = options.companyId ?? 1001;
  const now = options.now ?? new Date();
  const company = await db.first(db.q.selectFrom('companies').select('guid').where('id', '=', companyId));
  if (!company) throw new Error(`company ${companyId} not found: seed the demo first`);
  const maxBuilding = await db.first(db.q.selectFrom('buildings').select((eb) => eb.fn.max('id').as('max')));
  const maxCall = await db.first(db.q.selectFrom('service_calls').select((eb) => eb.fn.max('callNumber').as('max')));
  const firstId = Math.max(Number(maxBuilding?.max ?? 0), 1000) + 1;
  let buildingIds: number[] = [];
  // Everything the transaction uses starts inside it: on PostgreSQL it may run again.
  await db.tx(async (tx) => {
    const rng = createRng(7_777);
    let callNumber = Number(maxCall?.max ?? 1000);
    // Readings show the demo's meter faces in turn (seeded with the demo), as the demo's readings do.
    let face = 0;
    const env: SeedEnv = {
      db: tx,
      rng,
      companyId,
      companyGuid: company.guid,
      now,
      photoId: 'seed-photo-1001',
      readingPhotoId: () => `seed-meter-${companyId}-${(face++ % 6) + 1}`,
      nextCallNumber: () => ++callNumber,
    };
    buildingIds = [];
    for (let i = 0; i < options.buildings; i++) {
      const id = firstId + i;
      await seedBuilding(
        env,
        {
          id,
          number: id,
          name: `בניין ${id}`,
          address: `רחוב הבדיקה ${i + 1}`,
          city: 'פתח תקווה',
          apartments: options.apartments ?? 8,
          pricePerKwh: 0.6,
          buttonColor: '#1d4ed8',
          propertyType: 'מגורים',
          managementType: 'ניהול מלא',
        },
        'bench',
        options.rich ?? false,
      );
      buildingIds.push(id);
    }
    const targets = buildingIds.length > 0 ? buildingIds : [101];
    const t = now.getTime();
    for (let i = 0; i < options.serviceCalls; i++) {
      const at = new Date(t - rng.int(0, 365) * 86_400_000).toISOString();
      const call: ServiceCall = {
        id: rng.uuid(),
        buildingId: targets[i % targets.length] ?? 101,
        callNumber: ++callNumber,
        callType: 'fault',
        domain: rng.pick(serviceCallDomains),
        reporterContactId: null,
        reporterName: 'בדיקת עומס',
        status: rng.pick(serviceCallStatuses),
        priority: 'normal',
        subject: 'נזילת מים בחדר המדרגות',
        description: 'נזילת מים בחדר המדרגות. דחוף',
        openedAt: at,
        lastVisitAt: null,
        lastUpdateAt: at,
        closedAt: null,
        copyToMaintenanceManager: false,
        createdBy: 'bench',
        version: 1,
        updatedAt: at,
      };
      await insertRecord(tx, specs.serviceCalls, call, companyId);
    }
    // The demo photos the new readings name are read through them (http/fileAccess.ts).
    if (options.rich) await linkSeededFiles(tx);
  });
  return { buildingIds, serviceCalls: options.serviceCalls };
}
