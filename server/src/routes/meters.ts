import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Meter, MeterReading } from '../../../src/lib/domain/entities.ts';
import { meterKinds } from '../../../src/lib/domain/entities.ts';
import {
  canDeleteMeter,
  canDeleteReading,
  canUpdateReading,
  consumptionOf,
  latestReading,
  nextReadingOf,
  previousReadingOf,
  rechainedNext,
  validateMeterFields,
  validateNewMeter,
  validateReading,
  validateReadingCorrection,
  validateReadingPrice,
} from '../../../src/lib/domain/meterRules.ts';
import { required } from '../../../src/lib/validation/rules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { apartments } from '../data/buildings.ts';
import { meterReadings, meters } from '../data/meters.ts';
import { readingCharges, readingWithCharge, syncReadingCharge, withCharges, withdrawReadingCharge } from '../money/evCharges.ts';
import { bump, checkVersion, loadBuilding, loadOwned, refuseExisting } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { linkNamedFile } from '../http/fileAccess.ts';
import { authOf } from '../http/hooks.ts';
import { isoTime, patchBody, recordId } from '../http/schemas.ts';
import { defineCommand } from '../http/command.ts';
import { baseVersionIn, buildingParams, idParams, noParams, paramsOf } from '../http/params.ts';

const meterCreate = z.object({
  id: recordId,
  buildingId: z.number().int(),
  apartmentId: z.string().nullable().default(null),
  number: z.string().default(''),
  kind: z.enum(meterKinds).default('unit'),
  initialReading: z.number().min(0).default(0),
});

const readingCreate = z.object({
  id: recordId,
  meterId: z.string().min(1),
  current: z.number(),
  readAt: isoTime.optional(),
  photoId: z.string().nullable().optional(),
  // `previous` is the server's to compute; outboxes filled before it was dropped still send it, and it is stripped.
});

// No `paid`: a reading is paid when its charge is settled in the ledger, never by setting a flag.
const readingPatch = patchBody({ current: z.number(), photoId: z.string().nullable(), readAt: isoTime });

/** A meter's readings newest first, each with its charge and `paid` as the ledger has them. */
export const readingsOf = async (tx: Db, companyId: number, meter: Meter) =>
  withCharges(await meterReadings.ofMeter(tx, meter.id), await readingCharges(tx, companyId, meter.buildingId));

/** A building's meters as its list answers them. */
export const metersOf = (db: Db, buildingId: number) => meters.list(db, { buildingId }, { orderBy: 'number' });

const setMeterLast = (tx: Db, meter: Meter, last: MeterReading | null, now: string) =>
  meters.update(tx, bump(meter, { lastReading: last?.current ?? null, lastReadingAt: last?.readAt ?? null }, now));

export function meterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/buildings/:bid/meters', { config: { right: 'meters.read' } }, async (req) => {
    const b = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { records: await metersOf(db, b.id) };
  });

  app.get('/api/binyan/meters/:id/readings', { config: { right: 'meters.read' } }, async (req) => {
    const meter = await loadOwned(db, req, meters, paramsOf(idParams, req).id);
    return { records: await readingsOf(db, authOf(req).companyId, meter) };
  });
}

export const metersCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/meters',
    right: 'meters.manage',
    params: noParams,
    body: meterCreate,
    check: ({ body }) => {
      enforce(required('number', body.number));
      enforce(validateMeterFields(body));
    },
    change: async (tx, { ctx, req, body }) => {
      await refuseExisting(tx, req, meters, body.id);
      const building = await loadBuilding(tx, req, body.buildingId);
      if (body.apartmentId !== null) {
        const apt = await loadOwned(tx, req, apartments, body.apartmentId);
        if (apt.buildingId !== building.id) throw fail.validation({ field: 'apartmentId', messageKey: 'requiredField' });
      }
      const existing = await meters.list(tx, { buildingId: building.id });
      const rule = validateNewMeter({ apartmentId: body.apartmentId, kind: body.kind }, building, existing);
      if (rule) throw rule.messageKey === 'requiredField' ? fail.validation(rule) : fail.rule(rule);
      const record: Meter = {
        id: body.id,
        buildingId: building.id,
        apartmentId: body.apartmentId,
        number: body.number.trim(),
        kind: body.kind,
        initialReading: body.initialReading,
        lastReading: null,
        lastReadingAt: null,
        version: 1,
        updatedAt: ctx.nowIso(),
      };
      await meters.insert(tx, record, authOf(req).companyId);
      return { status: 201, record };
    },
  }),

  defineCommand({
    method: 'DELETE',
    url: '/api/binyan/meters/:id',
    right: 'meters.manage',
    params: idParams,
    body: z.unknown(),
    change: async (tx, { req, params, query }) => {
      const { id } = params;
      const meter = await loadOwned(tx, req, meters, id);
      checkVersion(meter, baseVersionIn(query));
      const { companyId } = authOf(req);
      const readings = await readingsOf(tx, companyId, meter);
      enforce(canDeleteMeter(readings), true);
      for (const r of readings) if (r.charge) await withdrawReadingCharge(tx, companyId, r.id);
      await meters.remove(tx, id);
      return { record: meter };
    },
  }),

  defineCommand({
    method: 'POST',
    url: '/api/binyan/meter-readings',
    right: 'readings.write',
    params: noParams,
    body: readingCreate,
    change: async (tx, { ctx, req, body }) => {
      await refuseExisting(tx, req, meterReadings, body.id);
      const meter = await loadOwned(tx, req, meters, body.meterId);
      await linkNamedFile(tx, req, body.photoId, { parentType: 'meterReadings', parentId: body.id }, ctx.nowIso());
      const previous = previousReadingOf(meter);
      enforce(validateReading({ previous, current: body.current, photoId: body.photoId }), true);
      let pricePerKwh: number | null = null;
      if (meter.kind === 'evCharger') {
        pricePerKwh = (await loadBuilding(tx, req, meter.buildingId)).pricePerKwh;
        enforce(validateReadingPrice(meter, pricePerKwh), true);
      }
      const now = ctx.nowIso();
      const record: MeterReading = {
        id: body.id,
        meterId: meter.id,
        buildingId: meter.buildingId,
        previous,
        current: body.current,
        consumption: consumptionOf(previous, body.current),
        readAt: body.readAt ?? now,
        photoId: body.photoId ?? null,
        paid: false,
        pricePerKwh,
        version: 1,
        updatedAt: now,
      };
      const { companyId, user } = authOf(req);
      await meterReadings.insert(tx, record, companyId);
      await setMeterLast(tx, meter, latestReading([...(await meterReadings.ofMeter(tx, meter.id))]), now);
      // A charging station's reading is the apartment's debt from now on (once: the reading's id is new).
      await syncReadingCharge(tx, meter, record, { companyId, createdBy: user.userName, at: now });
      return { status: 201, record: await readingWithCharge(tx, companyId, record) };
    },
  }),

  defineCommand({
    method: 'PATCH',
    url: '/api/binyan/meter-readings/:id',
    right: 'readings.write',
    params: idParams,
    body: readingPatch,
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      const { companyId, user } = authOf(req);
      const current = await loadOwned(tx, req, meterReadings, id);
      checkVersion(current, body.baseVersion);
      const charged = await readingWithCharge(tx, companyId, current);
      enforce(canUpdateReading(charged), true);
      await linkNamedFile(tx, req, body.changes.photoId, { parentType: 'meterReadings', parentId: current.id }, ctx.nowIso());
      const meter = await loadOwned(tx, req, meters, current.meterId);
      const now = ctx.nowIso();
      const posting = { companyId, createdBy: user.userName, at: now };
      const changes: Partial<MeterReading> = { ...body.changes };
      if (body.changes.current !== undefined || body.changes.photoId !== undefined) {
        const value = body.changes.current ?? current.current;
        const later = nextReadingOf(current, await meterReadings.ofMeter(tx, current.meterId));
        const next = later ? await readingWithCharge(tx, companyId, later) : null;
        const photoId = body.changes.photoId === undefined ? current.photoId : body.changes.photoId;
        enforce(validateReadingCorrection({ reading: charged, current: value, photoId, next }), true);
        changes.consumption = consumptionOf(current.previous, value);
        if (later && value !== current.current) {
          const rechained = bump(later, rechainedNext(value, later), now);
          await meterReadings.update(tx, rechained);
          await syncReadingCharge(tx, meter, rechained, posting);
        }
      }
      const record = bump(current, changes, now);
      await meterReadings.update(tx, record);
      // The charge follows the corrected kWh (and the next reading's, above), in the same transaction.
      await syncReadingCharge(tx, meter, record, posting);
      await setMeterLast(tx, meter, latestReading(await meterReadings.ofMeter(tx, meter.id)), now);
      return { record: await readingWithCharge(tx, companyId, record) };
    },
  }),

  defineCommand({
    method: 'DELETE',
    url: '/api/binyan/meter-readings/:id',
    right: 'readings.write',
    params: idParams,
    body: z.unknown(),
    change: async (tx, { ctx, req, params, query }) => {
      const { id } = params;
      const { companyId } = authOf(req);
      const current = await readingWithCharge(tx, companyId, await loadOwned(tx, req, meterReadings, id));
      checkVersion(current, baseVersionIn(query));
      enforce(canDeleteReading(current, await meterReadings.ofMeter(tx, current.meterId)), true);
      await meterReadings.remove(tx, id);
      await withdrawReadingCharge(tx, companyId, id);
      const meter = await loadOwned(tx, req, meters, current.meterId);
      await setMeterLast(tx, meter, latestReading(await meterReadings.ofMeter(tx, meter.id)), ctx.nowIso());
      return { record: current };
    },
  }),
];
