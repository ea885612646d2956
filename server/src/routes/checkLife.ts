// Each check's own life (issue 29 §5), online for management staff and the building's committee: the
// list of a building's checks by deposit date with what may be done to each today, and the moves —
// deposit (not before the check's own date), clear, bounce. A bounce reopens exactly what the check
// settled with a reversing ledger row of its own kind (kind 'bounce', source 'checkBounce': the
// payment is never deleted; a bounce is not a refund — no money went back, it never arrived) and, when the building sets one, charges the bounce fee in effect that day. Of two bounces
// of one check at once, one moves it (the status moves only from 'deposited') and the ledger's unique
// source index would refuse a second reversal anyway; the other answers the check as bounced.
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CheckLifeAction } from '../../../src/lib/domain/checkLifeRules.ts';
import {
  allowedActions,
  bounceFeeOn,
  bounceReopens,
  checkLifeActions,
  checkLifeStatuses,
  targetOf,
  validateBounceFee,
  validateCheckAction,
} from '../../../src/lib/domain/checkLifeRules.ts';
import { checkBounceFeeText, checkBounceText } from '../../../src/lib/domain/ledgerText.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { apartments } from '../data/buildings.ts';
import type { CheckLife } from '../data/checkLife.ts';
import { bounceFees, checkLife } from '../data/checkLife.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import { ledger } from '../data/ledger.ts';
import { loadBuilding, queryOf } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { assertBuildingVisible } from '../http/rights.ts';
import { parse } from '../http/validate.ts';
import { israelLocalDate } from '../util/dates.ts';
import { defineCommand } from '../http/command.ts';
import { buildingParams, paramsOf } from '../http/params.ts';

const listQuery = z.object({
  status: z.enum(checkLifeStatuses).optional(),
  dueBy: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
const actionParams = z.object({ guid: z.string().min(1).max(100), action: z.enum(checkLifeActions) });
const feeBody = z.object({ effectiveFrom: z.string(), amountAgorot: z.number() });

/** The reversal of a bounced check: what it settled reopened, its whole amount taken back. */
async function postBounce(tx: Db, companyId: number, check: CheckLife, by: string, today: string, nowIso: string): Promise<void> {
  const payment = await ledger.find(tx, check.paymentId, companyId);
  if (!payment || !payment.apartmentId) return;
  const siblings = new Set(
    (await checkLife.ofBuilding(tx, companyId, check.buildingId, { status: 'bounced' }))
      .filter((c) => c.paymentId === check.paymentId && c.CheckGuid !== check.CheckGuid)
      .map((c) => c.CheckGuid),
  );
  const earlier = (await ledger.ofApartment(tx, companyId, payment.apartmentId))
    .filter((e) => e.sourceKind === 'checkBounce' && e.sourceId !== null && siblings.has(e.sourceId))
    .flatMap((e) => e.settles);
  const base = {
    buildingId: check.buildingId,
    date: today,
    apartmentId: payment.apartmentId,
    contactId: payment.contactId,
    group: null,
    createdAt: nowIso,
    createdBy: by,
    version: 1,
    updatedAt: nowIso,
  };
  const reversal: StoredLedgerEntry = {
    ...base,
    id: randomUUID(),
    kind: 'bounce',
    amountAgorot: check.amountAgorot,
    debtKind: null,
    dueDate: null,
    description: `Bounced check ${check.checkNumber ?? ''}`.trim(),
    ...checkBounceText(check.checkNumber),
    settles: bounceReopens(payment.settles, earlier, check.amountAgorot),
    sourceKind: 'checkBounce',
    sourceId: check.CheckGuid,
  };
  await ledger.insert(tx, reversal, companyId);
  const fee = bounceFeeOn(await bounceFees.ofBuilding(tx, companyId, check.buildingId), today);
  if (fee <= 0) return;
  await ledger.insert(
    tx,
    {
      ...base,
      id: `bouncefee:${check.CheckGuid}`,
      kind: 'charge',
      amountAgorot: fee,
      debtKind: 'special',
      dueDate: today,
      description: `Bounced check fee ${check.checkNumber ?? ''}`.trim(),
      ...checkBounceFeeText(check.checkNumber),
      settles: [],
      sourceKind: 'checkBounceFee',
      sourceId: check.CheckGuid,
    },
    companyId,
  );
}

export function checkLifeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  // A building's checks, the earliest deposit date first, each with what may be done to it today, and
  // the building's name (the picker shows it when the device does not hold the building).
  app.get('/api/binyan/buildings/:bid/checks', { config: { right: 'checkLife.read' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    const query = parse(listQuery, queryOf(req));
    const today = israelLocalDate(ctx.now());
    const numbers = new Map((await apartments.list(db, { buildingId: building.id }, { orderBy: 'id' })).map((a) => [a.id, a.number]));
    const records = (await checkLife.ofBuilding(db, authOf(req).companyId, building.id, query)).map((c) => ({
      ...c,
      apartmentNumber: c.apartmentId ? (numbers.get(c.apartmentId) ?? null) : null,
      actions: allowedActions(c, today),
    }));
    return { records, today, building: { id: building.id, name: building.name } };
  });

  app.post('/api/binyan/checks/:guid/:action', { config: { right: 'checkLife.act' } }, async (req, reply) => {
    const { guid, action } = parse(actionParams, req.params);
    const { companyId, user } = authOf(req);
    return runMutation(ctx, req, reply, async (tx) => {
      const check = await checkLife.find(tx, companyId, guid);
      if (!check) throw fail.notFound();
      await assertBuildingVisible(tx, req, check.buildingId);
      const today = israelLocalDate(ctx.now());
      enforce(validateCheckAction(check, action, today));
      const moved = await move(tx, check, action, user.userName, today);
      const { companyId: _company, ...now } = (await checkLife.find(tx, companyId, guid)) ?? check;
      return { record: { ...now, actions: allowedActions(now, today) }, extra: { changed: moved } };
    });
  });

  async function move(tx: Db, check: CheckLife & { companyId: number }, action: CheckLifeAction, by: string, today: string): Promise<boolean> {
    const to = targetOf(action);
    if (to === 'received' || check.status === to) return false;
    const nowIso = ctx.nowIso();
    if (!(await checkLife.move(tx, check.CheckGuid, check.status, to, nowIso, by))) return false;
    if (to === 'bounced') await postBounce(tx, check.companyId, check, by, today, nowIso);
    return true;
  }

  // The building's bounce fee settings, the latest to take effect first, and the one in effect today.
  app.get('/api/binyan/buildings/:bid/bounce-fees', { config: { right: 'checkLife.read' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    const records = await bounceFees.ofBuilding(db, authOf(req).companyId, building.id);
    const today = israelLocalDate(ctx.now());
    return { records, today, inEffectAgorot: bounceFeeOn(records, today) };
  });
}

export const checkLifeCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/buildings/:bid/bounce-fees',
    right: 'checkLife.bounceFee',
    params: buildingParams,
    body: feeBody,
    check: ({ body }) => {
      enforce(validateBounceFee(body));
    },
    change: async (tx, { ctx, req, params, body }) => {
      const building = await loadBuilding(tx, req, params.bid);
      const record = {
        id: randomUUID(),
        effectiveFrom: body.effectiveFrom,
        amountAgorot: body.amountAgorot,
        createdAt: ctx.nowIso(),
        createdBy: authOf(req).user.userName,
      };
      await bounceFees.insert(tx, { ...record, companyId: authOf(req).companyId, buildingId: building.id });
      return { status: 201, record };
    },
  }),
];
