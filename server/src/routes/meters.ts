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
  previousReadingOf,
  validateMeterFields,
  validateNewMeter,
  validateReading,
} from '../../../src/lib/domain/meterRules.ts';
import { required } from '../../../src/lib/validation/rules.ts';
import type { AppContext } from '../context.ts';
import { deleteRecord, deleteWhere, insertRecord, list, updateRecord } from '../db/records.ts';
import { specs } from '../db/specs.ts';
import { loadOwnedFile } from '../files/uploadRules.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { parse } from '../http/validate.ts';
import { baseVersionFromQuery, bump, checkVersion, loadBuilding, loadOwned, refuseExisting } from './access.ts';
import { isoTime, patchBody, recordId } from './schemas.ts';

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
  previous: z.number().optional(),
});

const readingPatch = patchBody({ current: z.number(), photoId: z.string().nullable(), readAt: isoTime, paid: z.literal(true) });

export function meterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const readingsOf = (meterId: string) => list<MeterReading>(db, specs.meterReadings, { meterId }, { orderBy: 'readAt', desc: true });
  const setMeterLast = (meter: Meter, last: MeterReading | null, now: string) =>
    updateRecord(db, specs.meters, bump(meter, { lastReading: last?.current ?? null, lastReadingAt: last?.readAt ?? null }, now));

  app.get('/api/binyan/buildings/:bid/meters', { config: { right: 'meters.read' } }, async (req) => {
    const b = loadBuilding(ctx, req, (req.params as { bid: string }).bid);
    return { records: list(db, specs.meters, { buildingId: b.id }, { orderBy: 'number' }) };
  });

  app.post('/api/binyan/meters', { config: { right: 'meters.manage' } }, async (req, reply) => {
    const body = parse(meterCreate, req.body);
    enforce(required('number', body.number));
    enforce(validateMeterFields(body));
    return runMutation(ctx, req, reply, () => {
      refuseExisting(ctx, req, specs.meters, body.id);
      const building = loadBuilding(ctx, req, body.buildingId);
      if (body.apartmentId !== null) {
        const apt = loadOwned(ctx, req, specs.apartments, body.apartmentId);
        if (apt.buildingId !== building.id) throw fail.validation({ field: 'apartmentId', messageKey: 'requiredField' });
      }
      const existing = list<Meter>(db, specs.meters, { buildingId: building.id });
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
      insertRecord(db, specs.meters, record, authOf(req).companyId);
      return { status: 201, record };
    });
  });

  app.delete('/api/binyan/meters/:id', { config: { right: 'meters.manage' } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    return runMutation(ctx, req, reply, () => {
      const meter = loadOwned(ctx, req, specs.meters, id);
      checkVersion(meter, baseVersionFromQuery(req));
      enforce(canDeleteMeter(readingsOf(id)), true);
      deleteWhere(db, 'meter_readings', 'meterId', id);
      deleteRecord(db, specs.meters, id);
      return { record: meter };
    });
  });

  app.get('/api/binyan/meters/:id/readings', { config: { right: 'meters.read' } }, async (req) => {
    const meter = loadOwned(ctx, req, specs.meters, (req.params as { id: string }).id);
    return { records: readingsOf(meter.id) };
  });

  app.post('/api/binyan/meter-readings', { config: { right: 'readings.write' } }, async (req, reply) => {
    const body = parse(readingCreate, req.body);
    return runMutation(ctx, req, reply, () => {
      refuseExisting(ctx, req, specs.meterReadings, body.id);
      const meter = loadOwned(ctx, req, specs.meters, body.meterId);
      loadOwnedFile(ctx, req, body.photoId);
      const previous = previousReadingOf(meter);
      enforce(validateReading({ previous, current: body.current, photoId: body.photoId }), true);
      let pricePerKwh: number | null = null;
      if (meter.kind === 'evCharger') {
        pricePerKwh = loadBuilding(ctx, req, meter.buildingId).pricePerKwh;
        if (pricePerKwh === null) throw fail.rule({ field: 'meterId', messageKey: 'pricePerKwhRequired' });
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
      insertRecord(db, specs.meterReadings, record, authOf(req).companyId);
      setMeterLast(meter, latestReading([...readingsOf(meter.id)]), now);
      return { status: 201, record };
    });
  });

  app.patch('/api/binyan/meter-readings/:id', { config: { right: 'readings.write' } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const body = parse(readingPatch, req.body);
    return runMutation(ctx, req, reply, () => {
      const current = loadOwned(ctx, req, specs.meterReadings, id);
      checkVersion(current, body.baseVersion);
      enforce(canUpdateReading(current), true);
      loadOwnedFile(ctx, req, body.changes.photoId);
      const now = ctx.nowIso();
      const changes: Partial<MeterReading> = { ...body.changes };
      const all = readingsOf(current.meterId);
      const later = all.filter((r) => r.id !== id && r.readAt > current.readAt).sort((a, b) => (a.readAt < b.readAt ? -1 : 1))[0];
      if (body.changes.current !== undefined || body.changes.photoId !== undefined) {
        const value = body.changes.current ?? current.current;
        enforce(validateReading({ previous: current.previous, current: value, photoId: body.changes.photoId === undefined ? current.photoId : body.changes.photoId }), true);
        if (later && value >= later.current) throw fail.rule({ field: 'current', messageKey: 'currentReadingNotGreater' });
        changes.consumption = consumptionOf(current.previous, value);
        // The next reading starts where this one ends.
        if (later && value !== current.current) {
          enforce(canUpdateReading(later), true);
          updateRecord(db, specs.meterReadings, bump(later, { previous: value, consumption: consumptionOf(value, later.current) }, now));
        }
      }
      const record = bump(current, changes, now);
      updateRecord(db, specs.meterReadings, record);
      const meter = loadOwned(ctx, req, specs.meters, current.meterId);
      setMeterLast(meter, latestReading(readingsOf(meter.id)), now);
      return { record };
    });
  });

  app.delete('/api/binyan/meter-readings/:id', { config: { right: 'readings.write' } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    return runMutation(ctx, req, reply, () => {
      const current = loadOwned(ctx, req, specs.meterReadings, id);
      checkVersion(current, baseVersionFromQuery(req));
      enforce(canDeleteReading(current, readingsOf(current.meterId)), true);
      deleteRecord(db, specs.meterReadings, id);
      const meter = loadOwned(ctx, req, specs.meters, current.meterId);
      setMeterLast(meter, latestReading(readingsOf(meter.id)), ctx.nowIso());
      return { record: current };
    });
  });
}
