// Meter and reading rules (spec sections 4 and 5), shared by the meter screens and the server.
import type { Meter, MeterKind, MeterReading } from './entities.ts';
import type { RuleResult } from '../validation/rules.ts';

/** The reading a new reading is compared with: the last one, or the meter's initial reading. */
export function previousReadingOf(meter: Pick<Meter, 'initialReading' | 'lastReading'>): number {
  return meter.lastReading ?? meter.initialReading;
}

/** kWh with at most 3 decimals, so 0.1 + 0.2 style float noise never reaches a bill. */
export function consumptionOf(previous: number, current: number): number {
  return Math.round((current - previous) * 1000) / 1000;
}

export type ReadingInput = { previous: number; current: number; photoId: string | null | undefined };

/** A reading must exceed the previous one and carry a photo. */
export function validateReading(input: ReadingInput): RuleResult {
  if (!Number.isFinite(input.current) || input.current <= input.previous) {
    return { field: 'current', messageKey: 'currentReadingNotGreater' };
  }
  if (input.photoId === null || input.photoId === undefined || input.photoId.trim() === '') {
    return { field: 'photoId', messageKey: 'photoRequired' };
  }
  return null;
}

export type NewMeterInput = { apartmentId: string | null; kind: MeterKind };

/**
 * One counter of a kind per unit; a unit meter needs its unit; charging stations need the building's
 * price per kWh first (only new meters: existing ones keep working when the price is later removed).
 */
export function validateNewMeter(
  input: NewMeterInput,
  building: { pricePerKwh: number | null },
  existingMeters: readonly Pick<Meter, 'id' | 'apartmentId' | 'kind'>[],
): RuleResult {
  if (input.kind === 'evCharger' && (building.pricePerKwh === null || !(building.pricePerKwh > 0))) {
    return { field: 'kind', messageKey: 'pricePerKwhRequired' };
  }
  if (input.kind === 'unit' && input.apartmentId === null) {
    return { field: 'apartmentId', messageKey: 'requiredField' };
  }
  if (
    input.apartmentId !== null &&
    existingMeters.some((m) => m.apartmentId === input.apartmentId && m.kind === input.kind)
  ) {
    return { field: 'apartmentId', messageKey: 'oneCounterPerUnit' };
  }
  return null;
}

/** Paid readings are frozen: fixing one needs a credit or reassignment, not an edit. */
export function canUpdateReading(reading: Pick<MeterReading, 'paid'>): RuleResult {
  return reading.paid ? { field: 'paid', messageKey: 'paidReadingCannotBeUpdated' } : null;
}

/** Newest first by reading time, ties broken by the higher value. */
export function latestReading<T extends Pick<MeterReading, 'id' | 'readAt' | 'current'>>(
  readings: readonly T[],
): T | null {
  let best: T | null = null;
  for (const r of readings) {
    if (best === null || r.readAt > best.readAt || (r.readAt === best.readAt && r.current > best.current)) best = r;
  }
  return best;
}

/** Only the latest reading of a meter can be deleted, and never a paid one. */
export function canDeleteReading(
  reading: Pick<MeterReading, 'id' | 'paid'>,
  readingsOfMeter: readonly Pick<MeterReading, 'id' | 'readAt' | 'current'>[],
): RuleResult {
  if (reading.paid) return { field: 'paid', messageKey: 'paidReadingCannotBeUpdated' };
  const latest = latestReading(readingsOfMeter);
  return latest !== null && latest.id !== reading.id ? { field: 'id', messageKey: 'onlyLastReadingCanBeDeleted' } : null;
}

/** Cost in NIS of a charging-station reading, computed in agorot. */
export function chargeOf(consumption: number, pricePerKwh: number | null): number | null {
  if (pricePerKwh === null) return null;
  return Math.round(consumption * pricePerKwh * 100) / 100;
}
