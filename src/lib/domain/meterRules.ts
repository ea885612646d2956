// Meter and reading rules (spec sections 4 and 5), shared by the meter screens and the server.
import type { Meter, MeterKind, MeterReading } from './entities.ts';
import { nisOf } from '../agorot.ts';
import { evChargeAgorot, isChargeLocked } from './evCharges.ts';
import type { RuleResult } from '../validation/rules.ts';

/**
 * The value a new reading must exceed: the newest of `readings` (those the device holds, saved offline
 * included), else the meter's last reading, else its initial one.
 */
export function previousReadingOf(
  meter: Pick<Meter, 'initialReading' | 'lastReading'>,
  readings: readonly Pick<MeterReading, 'id' | 'readAt' | 'current'>[] = [],
): number {
  return latestReading(readings)?.current ?? meter.lastReading ?? meter.initialReading;
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

/** A charging station's reading is billed at the building's price per kWh, so it needs one. */
export function validateReadingPrice(meter: Pick<Meter, 'kind'>, pricePerKwh: number | null): RuleResult {
  return meter.kind === 'evCharger' && pricePerKwh === null ? { field: 'meterId', messageKey: 'pricePerKwhRequired' } : null;
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
  if (input.apartmentId !== null && existingMeters.some((m) => m.apartmentId === input.apartmentId && m.kind === input.kind)) {
    return { field: 'apartmentId', messageKey: 'oneCounterPerUnit' };
  }
  return null;
}

type PaidState = Pick<MeterReading, 'paid' | 'charge'>;

/** Paid (or, for a charging station, money on its charge): the reading is billing history. */
export function isReadingFrozen(reading: PaidState): boolean {
  return reading.paid || isChargeLocked(reading.charge);
}

/** Paid readings are frozen: fixing one needs a credit or reassignment, not an edit. */
export function canUpdateReading(reading: PaidState): RuleResult {
  return isReadingFrozen(reading) ? { field: 'paid', messageKey: 'paidReadingCannotBeUpdated' } : null;
}

type ChainLink = Pick<MeterReading, 'id' | 'readAt' | 'current'>;

/** The reading taken right after `reading` on its meter, if any: the one a correction must stay below. */
export function nextReadingOf<T extends ChainLink>(reading: Pick<MeterReading, 'id' | 'readAt'>, readingsOfMeter: readonly T[]): T | null {
  let next: T | null = null;
  for (const r of readingsOfMeter) {
    if (r.id === reading.id || r.readAt <= reading.readAt) continue;
    if (next === null || r.readAt < next.readAt) next = r;
  }
  return next;
}

export type ReadingCorrection = {
  reading: Pick<MeterReading, 'previous' | 'current' | 'photoId'> & PaidState;
  current: number;
  photoId: string | null | undefined;
  next: (PaidState & Pick<MeterReading, 'current'>) | null;
};

/**
 * A corrected reading is unpaid, exceeds its previous one, keeps its photo and stays below the next
 * reading; a changed value re-chains the next reading, which must not be billing history either.
 */
export function validateReadingCorrection({ reading, current, photoId, next }: ReadingCorrection): RuleResult {
  return (
    canUpdateReading(reading) ??
    validateReading({ previous: reading.previous, current, photoId }) ??
    (next !== null && current >= next.current ? { field: 'current', messageKey: 'currentReadingNotGreater' } : null) ??
    (next !== null && current !== reading.current ? canUpdateReading(next) : null)
  );
}

/** The next reading starts where the corrected one ends. */
export function rechainedNext(correctedValue: number, next: Pick<MeterReading, 'current'>): Pick<MeterReading, 'previous' | 'consumption'> {
  return { previous: correctedValue, consumption: consumptionOf(correctedValue, next.current) };
}

/** Newest first by reading time, ties broken by the higher value. */
export function latestReading<T extends Pick<MeterReading, 'id' | 'readAt' | 'current'>>(readings: readonly T[]): T | null {
  let best: T | null = null;
  for (const r of readings) {
    if (best === null || r.readAt > best.readAt || (r.readAt === best.readAt && r.current > best.current)) best = r;
  }
  return best;
}

/** Only the latest reading of a meter can be deleted, and never a paid one. */
export function canDeleteReading(
  reading: Pick<MeterReading, 'id' | 'paid' | 'charge'>,
  readingsOfMeter: readonly Pick<MeterReading, 'id' | 'readAt' | 'current'>[],
): RuleResult {
  if (isReadingFrozen(reading)) return { field: 'paid', messageKey: 'paidReadingCannotBeUpdated' };
  const latest = latestReading(readingsOfMeter);
  return latest !== null && latest.id !== reading.id ? { field: 'id', messageKey: 'onlyLastReadingCanBeDeleted' } : null;
}

/** Cost in agorot of a charging-station reading: the ledger's charge of it (evCharges.ts rounding). */
export function chargeOf(previous: number, current: number, pricePerKwh: number | null): number | null {
  if (pricePerKwh === null || !(current > previous)) return null;
  return evChargeAgorot(previous, current, pricePerKwh);
}

export type MeterFieldsInput = { number: string; initialReading: number };

/** A counter needs its number as printed on it, and a starting value that is a number ≥ 0. */
export function validateMeterFields(input: MeterFieldsInput): RuleResult {
  if (input.number.trim() === '') return { field: 'number', messageKey: 'requiredField' };
  if (!Number.isFinite(input.initialReading) || input.initialReading < 0) return { field: 'initialReading', messageKey: 'invalidNumber' };
  return null;
}

/** Paid readings are billing history: a counter that has any cannot be deleted (spec 8: error deleting counter). */
export function canDeleteMeter(readings: readonly PaidState[]): RuleResult {
  return readings.some(isReadingFrozen) ? { field: 'id', messageKey: 'errorDeletingCounter' } : null;
}

/** The building's price per kWh in NIS: positive (null removes it; existing chargers keep their captured prices). */
export function validatePricePerKwh(value: number | null): RuleResult {
  if (value === null) return null;
  return Number.isFinite(value) && value > 0 && value < 100 ? null : { field: 'pricePerKwh', messageKey: 'invalidAmount' };
}

export type ConsumptionTotals = { count: number; kwh: number; nis: number | null; unpriced: number };

/**
 * Totals of readings taken in [start, end]: kWh, and NIS at each reading's captured price (agorot sum).
 * `nis` is null when no reading in the range carries a price; `unpriced` counts readings without one.
 */
export function consumptionTotals(
  readings: readonly Pick<MeterReading, 'readAt' | 'previous' | 'current' | 'consumption' | 'pricePerKwh'>[],
  start: Date,
  end: Date,
): ConsumptionTotals {
  let count = 0;
  let kwhMilli = 0;
  let agorot = 0;
  let priced = 0;
  for (const r of readings) {
    const at = Date.parse(r.readAt);
    if (Number.isNaN(at) || at < start.getTime() || at > end.getTime()) continue;
    count += 1;
    kwhMilli += Math.round(r.consumption * 1000);
    const charge = chargeOf(r.previous, r.current, r.pricePerKwh);
    if (charge !== null) {
      priced += 1;
      agorot += charge;
    }
  }
  return { count, kwh: kwhMilli / 1000, nis: priced > 0 ? nisOf(agorot) : null, unpriced: count - priced };
}
