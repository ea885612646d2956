// Who runs a building (issue 31 §4): the committee members and the building's contacts. Residents read a
// copy cut to what each member consented to show (lib/domain/buildingPeople.ts residentsView); management
// staff and the building's committee read everything and save the whole record over its version.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  committeeRoles,
  emergencyKinds,
  MAX_COMMITTEE_MEMBERS,
  MAX_EMERGENCY_CONTACTS,
  residentsView,
  validateBuildingPeople,
} from '../../../src/lib/domain/buildingPeople.ts';
import type { BuildingPeople } from '../../../src/lib/domain/buildingPeople.ts';
import { digitsOnly } from '../../../src/lib/validation/rules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { buildingPeople } from '../data/buildingPeople.ts';
import { companies } from '../data/users.ts';
import { loadBuilding } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { mayDo } from '../http/rights.ts';
import { recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { buildingParams, paramsOf } from '../http/params.ts';

// Lengths here only bound the request; the shared rule gives the translated reason for what a person typed.
const text = z.string().max(1000).default('');
const phoneText = text.transform(digitsOnly);
const memberBody = z.object({
  id: recordId,
  name: text.transform((s) => s.trim()),
  committeeRole: z.enum(committeeRoles),
  phone: phoneText,
  email: text.transform((s) => s.trim()),
  showCall: z.boolean().default(false),
  showMessage: z.boolean().default(false),
  showEmail: z.boolean().default(false),
});
const emergencyBody = z.object({ id: recordId, kind: z.enum(emergencyKinds), name: text.transform((s) => s.trim()), phone: phoneText });
const peopleBody = z.object({
  baseVersion: z.number().int().min(0),
  members: z.array(memberBody).max(MAX_COMMITTEE_MEMBERS),
  management: z.object({
    name: text.transform((s) => s.trim()),
    phone: phoneText,
    email: text.transform((s) => s.trim()),
    officeHours: text.transform((s) => s.trim()),
  }),
  emergency: z.array(emergencyBody).max(MAX_EMERGENCY_CONTACTS),
  workerHours: text.transform((s) => s.trim()),
});

async function companyName(db: Db, companyId: number): Promise<string> {
  return (await companies.byId(db, companyId))?.name ?? '';
}

/** The record as this caller may see it, with the company's name (the office's name when none is typed). */
async function answerOf(db: Db, req: FastifyRequest, people: BuildingPeople, buildingName: string) {
  const editable = mayDo(req, 'buildingPeople.edit');
  return { ...(editable ? people : residentsView(people)), buildingName, companyName: await companyName(db, authOf(req).companyId), editable };
}

export function buildingPeopleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/buildings/:bid/people', { config: { right: 'buildingPeople.read' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { record: await answerOf(db, req, await buildingPeople.find(db, authOf(req).companyId, building.id), building.name) };
  });

  app.put('/api/binyan/buildings/:bid/people', { config: { right: 'buildingPeople.edit' } }, async (req, reply) => {
    const bid = paramsOf(buildingParams, req).bid;
    const body = parse(peopleBody, req.body ?? {});
    const { baseVersion, ...input } = body;
    enforce(validateBuildingPeople(input));
    return runMutation(ctx, req, reply, async (tx) => {
      const building = await loadBuilding(tx, req, bid);
      const { companyId, user } = authOf(req);
      const current = await buildingPeople.find(tx, companyId, building.id);
      // A concurrent save (another committee member, the office) is answered with what is there now.
      const conflict = async () => fail.conflict(await answerOf(tx, req, await buildingPeople.find(tx, companyId, building.id), building.name));
      if (current.version !== baseVersion) throw await conflict();
      const next = {
        ...input,
        buildingId: building.id,
        version: current.version + 1,
        updatedAt: ctx.now().toISOString(),
        updatedBy: user.fullName || user.userName,
      };
      if (!(await buildingPeople.save(tx, companyId, next, current.version))) throw await conflict();
      return { record: await answerOf(tx, req, next, building.name) };
    });
  });
}
