// A building's facilities, their periodic tests, and the plan sends.
import type { Facility, MaintenanceTest } from '../../../src/lib/domain/entities.ts';
import type { Db } from '../db/database.ts';
import { resource } from '../db/records.ts';
import type { MaintenancePlanSendTable } from '../db/schema.ts';
import { specs } from '../db/specs.ts';

export const facilities = resource<Facility>(specs.facilities);
export const maintenanceTests = resource<MaintenanceTest>(specs.maintenanceTests);

export const maintenancePlanSends = {
  insert: (db: Db, send: MaintenancePlanSendTable) => db.run(db.q.insertInto('maintenance_plan_sends').values(send)),
};
