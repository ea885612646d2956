// Who runs a building (migration 044); the shapes and rules are src/lib/domain/buildingPeople.ts.
import { z } from 'zod';
import { committeeRoles, emergencyKinds, emptyBuildingPeople } from '../../../src/lib/domain/buildingPeople.ts';
import type { BuildingPeople } from '../../../src/lib/domain/buildingPeople.ts';
import type { Db } from '../db/database.ts';
import { fromJson } from '../db/records.ts';

const member = z.object({
  id: z.string(),
  name: z.string(),
  committeeRole: z.enum(committeeRoles),
  phone: z.string(),
  email: z.string(),
  showCall: z.boolean(),
  showMessage: z.boolean(),
  showEmail: z.boolean(),
});
const emergency = z.object({ id: z.string(), kind: z.enum(emergencyKinds), name: z.string(), phone: z.string() });
const management = z.object({ name: z.string(), phone: z.string(), email: z.string(), officeHours: z.string() });

export const buildingPeople = {
  /** The building's record, or the empty one (version 0) when nothing was saved yet. */
  find: async (db: Db, companyId: number, buildingId: number): Promise<BuildingPeople> => {
    const r = await db.first(db.q.selectFrom('building_people').selectAll().where('buildingId', '=', buildingId).where('companyId', '=', companyId));
    if (!r) return emptyBuildingPeople(buildingId);
    return {
      buildingId: Number(r.buildingId),
      members: z.array(member).parse(fromJson(r.members)),
      management: management.parse(fromJson(r.management)),
      emergency: z.array(emergency).parse(fromJson(r.emergency)),
      workerHours: r.workerHours,
      version: Number(r.version),
      updatedAt: new Date(r.updatedAt).toISOString(),
      updatedBy: r.updatedBy,
    };
  },

  /**
   * Writes the whole record over version `previous` (0: the first save inserts it); false when another
   * save got there first (the caller answers a conflict), on either engine.
   */
  save: async (db: Db, companyId: number, p: BuildingPeople & { updatedAt: string; updatedBy: string }, previous: number): Promise<boolean> => {
    const row = {
      members: JSON.stringify(p.members),
      management: JSON.stringify(p.management),
      emergency: JSON.stringify(p.emergency),
      workerHours: p.workerHours,
      version: p.version,
      updatedAt: p.updatedAt,
      updatedBy: p.updatedBy,
    };
    const written =
      previous === 0
        ? await db.run(db.q.insertInto('building_people').values({ buildingId: p.buildingId, companyId, ...row }).onConflict((oc) => oc.column('buildingId').doNothing()))
        : await db.run(db.q.updateTable('building_people').set(row).where('buildingId', '=', p.buildingId).where('companyId', '=', companyId).where('version', '=', previous));
    return written.changes === 1;
  },
};
