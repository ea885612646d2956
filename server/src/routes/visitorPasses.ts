// The front desk reaches residents (issue 31 item 5; docs/api.md "Front desk and residents"). A tenant
// reads what waits for their apartment at the desk, and pre-approves visitors (name, day, note), changing
// or cancelling them until the day is over; the desk reads a day's pre-approvals of its building and lets
// them in through its visitors log (routes/deskVisitors.ts). A tenant reaches their own apartment only:
// another apartment's pre-approval is not told apart from one that does not exist (404).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DeskItem, VisitorPass, VisitorPassInput } from '../../../src/lib/domain/deskPasses.ts';
import { VISITOR_PASSES_PER_APARTMENT_DAY, israelToday, validateVisitorPass, visitorPassEditable } from '../../../src/lib/domain/deskPasses.ts';
import { isIsoDate } from '../../../src/lib/dates.ts';
import type { RuleResult } from '../../../src/lib/validation/rules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { VisitorPassTable } from '../db/schema.ts';
import { apartments } from '../data/buildings.ts';
import { keyItems, mailItems } from '../data/items.ts';
import { visitorPasses } from '../data/visitorPasses.ts';
import type { PassRow } from '../data/visitorPasses.ts';
import { loadBuilding } from '../http/access.ts';
import { ApiError, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { recordId } from '../http/schemas.ts';
import type { TenantHome } from '../http/tenantCallAccess.ts';
import { tenantHomeOf } from '../http/tenantCallAccess.ts';
import { parse } from '../http/validate.ts';
import { defineCommand } from '../http/command.ts';
import { buildingParams, idParams, paramsOf } from '../http/params.ts';

const passFields = { name: z.string().max(1000), visitDate: z.string().max(40), note: z.string().max(4000).default('') };
const passCreate = z.object({ id: recordId, ...passFields });
const passEdit = z.object({ baseVersion: z.number().int(), ...passFields });
const passCancel = z.object({ baseVersion: z.number().int() });

/** A refusal of the input with its parameters (the message's {{max}}, {{days}}). */
function refuseInput(rule: RuleResult): void {
  if (rule) throw new ApiError(422, 'VALIDATION', rule.messageKey, { field: rule.field, ...(rule.params ? { params: rule.params } : {}) });
}

async function apartmentNumbers(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = ids.length === 0 ? [] : await apartments.list(db, { id: [...new Set(ids)] });
  return new Map(rows.map((a) => [a.id, a.number]));
}

function passOf(row: PassRow, numbers: Map<string, string>): VisitorPass {
  return {
    id: row.id,
    buildingId: Number(row.buildingId),
    apartmentId: row.apartmentId,
    apartment: numbers.get(row.apartmentId) ?? '',
    name: row.name,
    visitDate: row.visitDate,
    note: row.note,
    status: row.status === 'cancelled' ? 'cancelled' : 'expected',
    arrivedAt: row.arrivedAt === null ? null : new Date(row.arrivedAt).toISOString(),
    createdBy: row.createdBy,
    version: Number(row.version),
  };
}

/** The tenant's own pre-approval; any other is 404. */
async function loadTenantPass(tx: Db, req: FastifyRequest, id: string): Promise<{ row: PassRow; home: TenantHome }> {
  const home = await tenantHomeOf(tx, req);
  const row = await visitorPasses.find(tx, id);
  if (!row || row.companyId !== authOf(req).companyId || Number(row.buildingId) !== home.buildingId || row.apartmentId !== home.apartmentId)
    throw fail.notFound();
  return { row, home };
}

function checkPass(input: VisitorPassInput, now: Date): VisitorPassInput {
  refuseInput(validateVisitorPass(input, now));
  return { name: input.name.trim(), visitDate: input.visitDate, note: input.note.trim() };
}

export function visitorPassRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** What waits for the tenant's apartment at the desk, and its pre-approved visitors from today on. */
  app.get('/api/binyan/tenant/desk', { config: { right: 'desk.tenantRead' } }, async (req) => {
    const home = await tenantHomeOf(db, req);
    const { companyId } = authOf(req);
    const filter = { buildingId: home.buildingId, apartmentId: home.apartmentId, status: 'pending' };
    const mail = await mailItems.list(db, filter, { orderBy: 'registeredAt', desc: true });
    const keys = await keyItems.list(db, filter, { orderBy: 'registeredAt', desc: true });
    const items: DeskItem[] = [
      ...mail.map((m): DeskItem => ({
        id: m.id,
        type: 'mail',
        kind: m.kind,
        number: m.trackingNumber,
        description: m.description,
        registeredAt: m.registeredAt,
      })),
      ...keys.map((k): DeskItem => ({ id: k.id, type: 'key', kind: 'key', number: k.tagNumber, description: k.description, registeredAt: k.registeredAt })),
    ].sort((a, b) => b.registeredAt.localeCompare(a.registeredAt));
    const today = israelToday(ctx.now());
    const rows = await visitorPasses.upcomingOfApartment(db, companyId, home.apartmentId, today);
    const numbers = await apartmentNumbers(db, [home.apartmentId]);
    return { items, passes: rows.map((r) => passOf(r, numbers)), today, serverTime: ctx.nowIso() };
  });

  app.post('/api/binyan/tenant/visitor-passes', { config: { right: 'visitorPasses.write' } }, async (req, reply) => {
    const body = parse(passCreate, req.body ?? {});
    const input = checkPass(body, ctx.now());
    return runMutation(ctx, req, reply, async (tx) => {
      const home = await tenantHomeOf(tx, req);
      const { user, companyId } = authOf(req);
      const existing = await visitorPasses.find(tx, body.id);
      if (existing) {
        if (existing.companyId === companyId && existing.apartmentId === home.apartmentId)
          throw fail.exists(passOf(existing, await apartmentNumbers(tx, [existing.apartmentId])));
        throw fail.idTaken();
      }
      if ((await visitorPasses.countOfDay(tx, home.apartmentId, input.visitDate, null)) >= VISITOR_PASSES_PER_APARTMENT_DAY)
        throw new ApiError(429, 'TOO_MANY_REQUESTS', 'visitorPassesPerDay', { field: 'visitDate' });
      const now = ctx.nowIso();
      const row = {
        id: body.id,
        companyId,
        buildingId: home.buildingId,
        apartmentId: home.apartmentId,
        ...input,
        status: 'expected',
        visitorId: null,
        arrivedAt: null,
        createdByUserId: user.id,
        createdBy: user.fullName || user.userName,
        createdAt: now,
        updatedAt: now,
        version: 1,
      } satisfies VisitorPassTable;
      await visitorPasses.insert(tx, row);
      return { status: 201, record: passOf(row, await apartmentNumbers(tx, [home.apartmentId])) };
    });
  });

  app.put('/api/binyan/tenant/visitor-passes/:id', { config: { right: 'visitorPasses.write' } }, async (req, reply) => {
    const { id } = paramsOf(idParams, req);
    const body = parse(passEdit, req.body ?? {});
    const input = checkPass(body, ctx.now());
    return runMutation(ctx, req, reply, async (tx) => {
      const { row, home } = await loadTenantPass(tx, req, id);
      const numbers = await apartmentNumbers(tx, [home.apartmentId]);
      const current = passOf(row, numbers);
      if (current.version !== body.baseVersion) throw fail.conflict(current);
      if (!visitorPassEditable(current, ctx.now())) throw fail.rule({ field: 'visitDate', messageKey: 'visitorPassLocked' }, { current });
      if (input.visitDate !== row.visitDate && (await visitorPasses.countOfDay(tx, home.apartmentId, input.visitDate, id)) >= VISITOR_PASSES_PER_APARTMENT_DAY)
        throw new ApiError(429, 'TOO_MANY_REQUESTS', 'visitorPassesPerDay', { field: 'visitDate' });
      const changes = { ...input, version: current.version + 1, updatedAt: ctx.nowIso() };
      await visitorPasses.update(tx, id, current.version, changes);
      return { record: { ...current, ...input, version: changes.version } };
    });
  });

  /** The desk's pre-approved visitors of a day (Israel's today unless `date`), cancelled ones left out. */
  app.get('/api/binyan/buildings/:bid/visitor-passes', { config: { right: 'receptionist.desk' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    const { date } = parse(z.object({ date: z.string().refine(isIsoDate, { message: 'invalidDate' }).optional() }), req.query ?? {});
    const day = date ?? israelToday(ctx.now());
    const rows = await visitorPasses.expectedOfDay(db, authOf(req).companyId, building.id, day);
    const numbers = await apartmentNumbers(
      db,
      rows.map((r) => r.apartmentId),
    );
    return { records: rows.map((r) => passOf(r, numbers)), date: day };
  });
}

export const visitorPassesCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/tenant/visitor-passes/:id/cancel',
    right: 'visitorPasses.write',
    params: idParams,
    body: passCancel,
    bodyOptional: true,
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      const { row, home } = await loadTenantPass(tx, req, id);
      const current = passOf(row, await apartmentNumbers(tx, [home.apartmentId]));
      if (current.version !== body.baseVersion) throw fail.conflict(current);
      if (!visitorPassEditable(current, ctx.now())) throw fail.rule({ field: 'visitDate', messageKey: 'visitorPassLocked' }, { current });
      const version = current.version + 1;
      await visitorPasses.update(tx, id, current.version, { status: 'cancelled', version, updatedAt: ctx.nowIso() });
      return { record: { ...current, status: 'cancelled', version } satisfies VisitorPass };
    },
  }),
];
