// Corrections without deleting money (issue 29 item 6): management staff credit all or part of a wrong
// charge. The credit is a ledger row of its own (kind 'credit', source 'credit') naming the charge, with
// the reason typed in and who and when taken from the session and the server's clock; the charge stays.
// What is left to credit is read in the transaction that writes the credit, so of two partial credits
// sent at once the second sees the first (SQLite: one writer; PostgreSQL: serializable, retried) and the
// charge is never credited beyond its amount. Exactly once per Idempotency-Key, like every mutation.
import { z } from 'zod';
import { creditedOf, validateCredit } from '../../../src/lib/domain/creditRules.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import { ledger } from '../data/ledger.ts';
import { loadBuilding } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { recordId } from '../http/schemas.ts';
import { refuseTakenLedgerId } from '../money/ledgerIds.ts';
import { israelLocalDate } from '../util/dates.ts';
import { idParams } from '../http/params.ts';
import { defineCommand } from '../http/command.ts';

const creditBody = z.object({ id: recordId, amountAgorot: z.number(), reason: z.string().max(2000) });

export const creditsCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/charges/:id/credits',
    right: 'charges.credit',
    params: idParams,
    body: creditBody,
    change: async (tx, { ctx, req, params, body }) => {
      const chargeId = params.id;
      const { companyId, user } = authOf(req);
      const charge = await ledger.find(tx, chargeId, companyId);
      if (!charge) throw fail.notFound();
      await loadBuilding(tx, req, charge.buildingId);
      await refuseTakenLedgerId(tx, req, body.id);
      const entries = await ledger.ofBuilding(tx, companyId, charge.buildingId);
      enforce(
        validateCredit({
          chargeKind: charge.kind,
          chargeAgorot: charge.amountAgorot,
          creditedAgorot: creditedOf(entries, charge.id),
          amountAgorot: body.amountAgorot,
          reason: body.reason,
        }),
        true,
      );
      const now = ctx.nowIso();
      const entry: StoredLedgerEntry = {
        id: body.id,
        buildingId: charge.buildingId,
        kind: 'credit',
        date: israelLocalDate(ctx.now()),
        amountAgorot: body.amountAgorot,
        apartmentId: charge.apartmentId,
        contactId: charge.contactId,
        debtKind: null,
        dueDate: null,
        group: null,
        description: body.reason.trim(),
        settles: [{ chargeId: charge.id, amountAgorot: body.amountAgorot }],
        sourceKind: 'credit',
        sourceId: body.id,
        createdAt: now,
        createdBy: user.userName,
        version: 1,
        updatedAt: now,
      };
      await ledger.insert(tx, entry, companyId);
      return { status: 201, record: entry };
    },
  }),
];
