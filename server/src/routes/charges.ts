// Quick charges (route /add-money, issue 14): staff charge one apartment or every apartment of a
// building; each becomes a charge row of the one ledger (the tenant's debt), charged to the
// apartment's owner. Sent from the device's outbox, so exactly once per Idempotency-Key, and the
// ledger's unique source refuses a second posting of the same charge in any case.
import { z } from 'zod';
import { agorotOf } from '../../../src/lib/agorot.ts';
import { chargeReasons, debtKindOfReason, validateQuickCharge } from '../../../src/lib/domain/chargeRules.ts';
import type { Apartment } from '../../../src/lib/domain/entities.ts';
import { apartments, contacts } from '../data/buildings.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import { ledger } from '../data/ledger.ts';
import { loadBuilding, loadOwned } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { localDate, recordId } from '../http/schemas.ts';
import { refuseTakenLedgerId } from '../money/ledgerIds.ts';
import { defineCommand } from '../http/command.ts';
import { noParams } from '../http/params.ts';

const chargeBody = z.object({
  id: recordId,
  buildingId: z.number().int(),
  apartmentId: recordId.nullable().optional(),
  allApartments: z.boolean().default(false),
  reason: z.enum(chargeReasons),
  description: z.string().max(200),
  amount: z.number(),
  dueDate: localDate,
});

export const chargesCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/charges',
    right: 'charges.create',
    params: noParams,
    body: chargeBody,
    check: ({ body }) => {
      enforce(validateQuickCharge({ ...body, apartmentId: body.apartmentId ?? null }));
    },
    change: async (tx, { ctx, req, body }) => {
      const building = await loadBuilding(tx, req, body.buildingId);
      const { companyId, user } = authOf(req);
      let targets: Apartment[];
      if (body.allApartments) targets = await apartments.list(tx, { buildingId: building.id }, { orderBy: 'number' });
      else {
        const one = await loadOwned(tx, req, apartments, body.apartmentId ?? '');
        if (one.buildingId !== building.id) throw fail.validation({ field: 'apartmentId', messageKey: 'requiredField' });
        targets = [one];
      }
      if (targets.length === 0) throw fail.validation({ field: 'apartmentId', messageKey: 'requiredField' });
      const people = await contacts.list(tx, { buildingId: building.id }, { orderBy: 'id' });
      const now = ctx.nowIso();
      const amountAgorot = agorotOf(body.amount);
      const posted: StoredLedgerEntry[] = [];
      for (const apt of targets) {
        const id = body.allApartments ? `${body.id}:${apt.id}` : body.id;
        await refuseTakenLedgerId(tx, req, id);
        const payer =
          people.find((c) => c.apartmentId === apt.id && (c.role === 'owner' || c.role === 'committee')) ?? people.find((c) => c.apartmentId === apt.id);
        const entry: StoredLedgerEntry = {
          id,
          buildingId: building.id,
          kind: 'charge',
          date: body.dueDate,
          amountAgorot,
          apartmentId: apt.id,
          contactId: payer?.id ?? null,
          debtKind: debtKindOfReason(body.reason),
          dueDate: body.dueDate,
          group: null,
          description: body.description.trim(),
          settles: [],
          sourceKind: 'quickCharge',
          sourceId: id,
          createdAt: now,
          createdBy: user.userName,
          version: 1,
          updatedAt: now,
        };
        await ledger.insert(tx, entry, companyId);
        posted.push(entry);
      }
      return {
        status: 201,
        record: {
          id: body.id,
          buildingId: building.id,
          apartments: posted.length,
          amountAgorot,
          totalAgorot: amountAgorot * posted.length,
          reason: body.reason,
        },
      };
    },
  }),
];
