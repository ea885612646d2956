import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Contact } from '../../../src/lib/domain/entities.ts';
import { contactRoles } from '../../../src/lib/domain/entities.ts';
import { registeredMatch } from '../../../src/lib/domain/contactRules.ts';
import { bankAccount, logo, logoReference } from '../../../src/lib/validation/buildingSettings.ts';
import { digitsOnly, validateContact } from '../../../src/lib/validation/rules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { apartments, buildings, contacts } from '../data/buildings.ts';
import { files } from '../data/files.ts';
import { linkNamedFile } from '../http/fileAccess.ts';
import { bump, checkVersion, loadBuilding, loadOwned, queryOf, refuseExisting, visibleBuildings } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { optText, patchBody, recordId } from '../http/schemas.ts';
import { buildingDebts } from '../money/ledgerDebts.ts';
import { israelLocalDate } from '../util/dates.ts';
import { ledger } from '../data/ledger.ts';
import { apartmentBalance } from '../../../src/lib/domain/ledger.ts';
import { nisOf } from '../../../src/lib/agorot.ts';
import { defineCommand, preparedCommand } from '../http/command.ts';
import { buildingParams, idParams, noParams, paramsOf } from '../http/params.ts';

const buildingPatch = patchBody({
  name: z.string().trim().min(1),
  address: z.string().trim().min(1),
  city: z.string().trim().min(1),
  logoUrl: z.string().nullable(),
  buttonColor: z.string().regex(/^#[0-9a-fA-F]{3,8}$/),
  pricePerKwh: z.number().positive().nullable(),
  bankAccount: z.string().nullable(),
  accountName: z.string().nullable(),
  propertyType: z.string().nullable(),
  managementType: z.string().nullable(),
});

const contactCreate = z.object({
  id: recordId,
  buildingId: z.number().int().nullable().optional(),
  apartmentId: z.string().nullable().optional(),
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  fullName: z.string().optional(),
  email: optText,
  phone: optText,
  role: z.enum(contactRoles).default('other'),
  position: optText,
  carNumber: optText,
  parkingNumber: optText,
});

/** A building's apartments as its list answers them: `debt` is the apartment's balance in the one ledger (charges less payments), never a stored total. */
export async function apartmentsOf(db: Db, companyId: number, buildingId: number) {
  const entries = await ledger.ofBuilding(db, companyId, buildingId);
  return (await apartments.list(db, { buildingId }, { orderBy: 'number' })).map((a) => ({ ...a, debt: nisOf(apartmentBalance(entries, a.id)) }));
}

/** A building's contacts as its list answers them. */
export const contactsOf = (db: Db, buildingId: number) => contacts.list(db, { buildingId }, { orderBy: 'lastName' });

export function buildingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get('/api/binyan/buildings', { config: { right: 'buildings.read' } }, async (req) => ({ records: await visibleBuildings(db, req) }));
  // The spec's unit list (no product prefix).
  app.get('/api/pos/building/units', { config: { right: 'buildings.read' } }, async (req) => ({ records: await visibleBuildings(db, req) }));

  app.get('/api/binyan/buildings/:bid/apartments', { config: { right: 'apartments.read' } }, async (req) => {
    const b = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { records: await apartmentsOf(db, authOf(req).companyId, b.id) };
  });

  app.get('/api/binyan/buildings/:bid/contacts', { config: { right: 'contacts.read' } }, async (req) => {
    const b = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { records: await contactsOf(db, b.id) };
  });

  // The debts are the ledger's charges with what is still open of them (money/ledgerDebts.ts).
  app.get('/api/binyan/debts', { config: { right: 'debts.read' } }, async (req) => {
    const q = queryOf(req);
    const { companyId } = authOf(req);
    if (q.buildingId) {
      const b = await loadBuilding(db, req, q.buildingId);
      return { records: await buildingDebts(db, companyId, b.id, israelLocalDate(ctx.now())) };
    }
    if (!q.contactGuid) throw fail.validation({ field: 'contactGuid', messageKey: 'requiredField' });
    const contact = await loadOwned(db, req, contacts, q.contactGuid);
    return { records: await buildingDebts(db, companyId, contact.buildingId, israelLocalDate(ctx.now()), { contactId: contact.id }) };
  });
}

export const buildingsCommands = [
  defineCommand({
    method: 'PATCH',
    url: '/api/binyan/buildings/:id',
    right: 'buildings.editSettings',
    params: idParams,
    body: buildingPatch,
    check: ({ body }) => {
      enforce(bankAccount(body.changes.bankAccount) ?? logo(body.changes.logoUrl));
    },
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      const current = await loadBuilding(tx, req, id);
      const logoRef = body.changes.logoUrl ? logoReference(body.changes.logoUrl) : null;
      // An uploaded logo must be an image file of this company.
      if (logoRef?.kind === 'file') {
        const file = await files.byId(tx, logoRef.id);
        if (!file || file.companyId !== current.companyId || !file.mimeType.startsWith('image/'))
          throw fail.validation({ field: 'logoUrl', messageKey: 'invalidLogo' });
        // One the editor may read; from now on it is read as the building's (by all who see the building).
        await linkNamedFile(tx, req, file.id, { parentType: 'buildings', parentId: String(current.id) }, ctx.nowIso());
      }
      checkVersion(current, body.baseVersion);
      const next = bump(current, body.changes, ctx.nowIso());
      await buildings.update(tx, next);
      return { record: next };
    },
  }),

  preparedCommand({
    method: 'POST',
    url: '/api/binyan/contacts',
    right: 'contacts.create',
    params: noParams,
    body: contactCreate,
    prepare: ({ body }) => {
      const phone = body.phone ? digitsOnly(body.phone) : null;
      enforce(validateContact({ buildingId: body.buildingId, firstName: body.firstName, lastName: body.lastName, phone, email: body.email ?? null }));
      return { phone };
    },
    change: async (tx, { ctx, req, body }, { phone }) => {
      await refuseExisting(tx, req, contacts, body.id);
      const building = await loadBuilding(tx, req, body.buildingId);
      const fullName = body.fullName?.trim() || `${body.firstName.trim()} ${body.lastName.trim()}`;
      const existing = await contacts.list(tx, { buildingId: building.id });
      const match = registeredMatch(building.id, { phone, fullName }, existing);
      if (match) throw fail.rule({ field: match, messageKey: 'contactAlreadyRegistered' });
      if (body.apartmentId) {
        const apt = await loadOwned(tx, req, apartments, body.apartmentId);
        if (apt.buildingId !== building.id) throw fail.validation({ field: 'apartmentId', messageKey: 'requiredField' });
      }
      const record: Contact = {
        id: body.id,
        buildingId: building.id,
        apartmentId: body.apartmentId ?? null,
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        fullName,
        email: body.email?.trim() || null,
        phone,
        role: body.role,
        position: body.position ?? null,
        carNumber: body.carNumber ?? null,
        parkingNumber: body.parkingNumber ?? null,
        version: 1,
        updatedAt: ctx.nowIso(),
      };
      await contacts.insert(tx, record, authOf(req).companyId);
      return { status: 201, record };
    },
  }),
];
