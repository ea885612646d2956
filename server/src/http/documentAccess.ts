// Which documents the signed-in user sees (src/lib/rights documentScopes): staff, workers and the
// committee all documents of their buildings; tenants and guards their own unit's and the building's
// public ones. A document outside the user's buildings is refused like any record of such a building.
import type { FastifyRequest } from 'fastify';
import { documentScopes } from '../../../src/lib/rights/rights.ts';
import type { Db } from '../db/database.ts';
import { contacts } from '../data/buildings.ts';
import { audienceAllows, documents } from '../data/documents.ts';
import type { DocumentAudience, DocumentRecord } from '../data/documents.ts';
import { fail } from './errors.ts';
import { authOf } from './hooks.ts';
import { actorOf, assertBuildingVisible } from './rights.ts';

/** The audience of the signed-in user: everything, or the apartments they live in. */
export async function audienceOf(db: Db, req: FastifyRequest): Promise<DocumentAudience> {
  const { user } = authOf(req);
  if (documentScopes[actorOf(user).role] === 'all') return { all: true };
  const contact = user.contactId ? await contacts.find(db, user.contactId) : undefined;
  const apartmentId = contact && contact.companyId === user.companyId ? contact.entity.apartmentId : null;
  return { all: false, apartmentIds: apartmentId ? [apartmentId] : [] };
}

/** A document the user may read: unknown → 404, another company's → 403, not for them → 404 (its existence is not told). */
export async function loadDocument(db: Db, req: FastifyRequest, id: string): Promise<DocumentRecord> {
  const doc = await documents.find(db, id);
  if (!doc) throw fail.notFound();
  if (doc.companyId !== authOf(req).companyId) throw fail.forbidden();
  await assertBuildingVisible(db, req, doc.buildingId);
  if (!audienceAllows(await audienceOf(db, req), doc)) throw fail.notFound();
  return doc;
}
