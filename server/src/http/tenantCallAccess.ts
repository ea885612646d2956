// Which service calls a tenant reaches (issue 31 item 1; src/lib/domain/tenantCalls.ts): their own
// apartment's and the common-area calls of their building. Any other call, another apartment's above all,
// is not told apart from a call that does not exist (404).
import type { FastifyRequest } from 'fastify';
import type { ServiceCall } from '../../../src/lib/domain/entities.ts';
import type { Db } from '../db/database.ts';
import { contacts } from '../data/buildings.ts';
import { serviceCalls } from '../data/serviceCalls.ts';
import { fail } from './errors.ts';
import { authOf } from './hooks.ts';
import { assertBuildingVisible } from './rights.ts';

/** A tenant's home: their contact, apartment and building. */
export type TenantHome = { contactId: string; apartmentId: string; buildingId: number };

/** The signed-in tenant's home; a tenant with no apartment reaches no call (403). */
export async function tenantHomeOf(db: Db, req: FastifyRequest): Promise<TenantHome> {
  const { user, companyId } = authOf(req);
  const contact = user.contactId ? await contacts.find(db, user.contactId) : undefined;
  if (!contact || contact.companyId !== companyId || !contact.entity.apartmentId) throw fail.forbidden();
  await assertBuildingVisible(db, req, contact.entity.buildingId);
  return { contactId: contact.entity.id, apartmentId: contact.entity.apartmentId, buildingId: contact.entity.buildingId };
}

export function isTenantsCall(call: Pick<ServiceCall, 'buildingId' | 'apartmentId' | 'commonArea'>, home: TenantHome): boolean {
  if (call.buildingId !== home.buildingId) return false;
  return call.apartmentId === home.apartmentId || (call.commonArea === true && !call.apartmentId);
}

/** A call the tenant may read; any other is 404. */
export async function loadTenantCall(db: Db, req: FastifyRequest, id: string): Promise<{ call: ServiceCall; home: TenantHome }> {
  const home = await tenantHomeOf(db, req);
  const found = await serviceCalls.find(db, id);
  if (!found || found.companyId !== authOf(req).companyId || !isTenantsCall(found.entity, home)) throw fail.notFound();
  return { call: found.entity, home };
}
