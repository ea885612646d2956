// The committee fee of a building (issue 29): a schedule says how much each apartment owes — the same
// for all (flat), a rate per m² of its area, a rate per room, or an amount set per apartment — every
// month or every two months, from the month it takes effect. A change is a new schedule from a later
// month (history is kept, never overwritten): the one in effect for a month is the latest that started
// by then. Amounts are monthly, in integer agorot; a two-month period bills two months at once. The due
// date is the building's billing day in the period's first month (29–31 in a short month: its last day).
import { agorotOf, assertAgorot, roundHalfAway } from '../agorot.ts';
import { billingDateIn } from './standingOrderRules.ts';
import type { RuleResult } from '../validation/rules.ts';

export const feeBases = ['flat', 'area', 'rooms', 'perApartment'] as const;
export type FeeBasis = (typeof feeBases)[number];
export const feeFrequencies = ['monthly', 'bimonthly'] as const;
export type FeeFrequency = (typeof feeFrequencies)[number];
export const feePayers = ['owner', 'renter'] as const;
export type FeePayer = (typeof feePayers)[number];

/** Per apartment: its rooms (basis `rooms`) or its own monthly amount (basis `perApartment`). */
export type FeeApartmentLine = { apartmentId: string; rooms: number | null; amountAgorot: number | null };

export type FeeScheduleInput = {
  /** yyyy-mm: the first month the schedule bills. */
  effectiveFrom: string;
  basis: FeeBasis;
  /** Monthly: per apartment (flat), per m² (area) or per room (rooms); unused for perApartment. */
  rateAgorot: number;
  frequency: FeeFrequency;
  /** 1–31. */
  billingDay: number;
  payer: FeePayer;
  apartments: FeeApartmentLine[];
};

export type FeeSchedule = FeeScheduleInput & { id: string; buildingId: number; createdAt: string; createdBy: string };

/**
 * What a schedule keeps of what was sent: per-apartment lines only for the basis that reads them (rooms or
 * an amount, the other field cleared) and no rate for `perApartment`. The form sends this and the server stores it.
 */
export function keptSchedule(input: FeeScheduleInput): FeeScheduleInput {
  const { basis } = input;
  const apartments = input.apartments
    .filter((l) => (basis === 'rooms' ? l.rooms !== null : basis === 'perApartment' ? l.amountAgorot !== null : false))
    .map((l) => ({ apartmentId: l.apartmentId, rooms: basis === 'rooms' ? l.rooms : null, amountAgorot: basis === 'perApartment' ? l.amountAgorot : null }));
  return { ...input, rateAgorot: basis === 'perApartment' ? 0 : input.rateAgorot, apartments };
}

/** Bounds that catch a typo (an amount typed in agorot as shekels): 100,000 NIS a month, 10,000 m², 50 rooms. */
export const feeLimits = { maxMonthlyAgorot: 10_000_000, maxRooms: 50 } as const;

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  return monthPattern.test(value);
}

/** The month `n` months after `month` (yyyy-mm). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthsPer: Record<FeeFrequency, number> = { monthly: 1, bimonthly: 2 };

/** The monthly amount of an apartment (null: the schedule does not bill it — no area, rooms or amount set). */
export function monthlyFeeOf(
  schedule: Pick<FeeScheduleInput, 'basis' | 'rateAgorot' | 'apartments'>,
  apartment: { id: string; area: number | null },
): number | null {
  const line = schedule.apartments.find((a) => a.apartmentId === apartment.id);
  switch (schedule.basis) {
    case 'flat':
      return schedule.rateAgorot;
    case 'area':
      // The rate is whole agorot per m²; an area with decimals rounds the product to the agora.
      return apartment.area === null || apartment.area <= 0 ? null : roundHalfAway(schedule.rateAgorot * apartment.area);
    case 'rooms':
      return line?.rooms === null || line?.rooms === undefined ? null : roundHalfAway(schedule.rateAgorot * line.rooms);
    case 'perApartment':
      return line?.amountAgorot ?? null;
  }
}

/** The amount an apartment owes for one period of the schedule: the monthly amount times the months it covers. */
export function periodFeeOf(
  schedule: Pick<FeeScheduleInput, 'basis' | 'rateAgorot' | 'apartments' | 'frequency'>,
  apartment: { id: string; area: number | null },
): number | null {
  const monthly = monthlyFeeOf(schedule, apartment);
  if (monthly === null || monthly <= 0) return null;
  const amount = monthly * monthsPer[schedule.frequency];
  assertAgorot(amount);
  return amount;
}

/** The schedule in effect in `month`: the latest to start by then (the later-made one of the same month). */
export function scheduleInEffect<S extends Pick<FeeSchedule, 'effectiveFrom' | 'createdAt'>>(schedules: readonly S[], month: string): S | undefined {
  let best: S | undefined;
  for (const s of schedules) {
    if (s.effectiveFrom > month) continue;
    if (!best || s.effectiveFrom > best.effectiveFrom || (s.effectiveFrom === best.effectiveFrom && s.createdAt > best.createdAt)) best = s;
  }
  return best;
}

export type FeePeriod<S> = { period: string; schedule: S; dueDate: string };

/**
 * The periods to bill up to `today` (yyyy-mm-dd): each schedule bills from its first month every 1 or 2
 * months until a later schedule takes over; a period is billed once its first month has begun. `limit`
 * keeps a schedule started long ago from billing years at once (the oldest are dropped).
 */
export function periodsToBill<S extends Pick<FeeSchedule, 'effectiveFrom' | 'createdAt' | 'frequency' | 'billingDay'>>(
  schedules: readonly S[],
  today: string,
  limit = 24,
): FeePeriod<S>[] {
  const thisMonth = today.slice(0, 7);
  const starts = [...new Set(schedules.map((s) => s.effectiveFrom))].sort();
  const out: FeePeriod<S>[] = [];
  starts.forEach((start, i) => {
    const schedule = scheduleInEffect(schedules, start);
    if (!schedule) return;
    const end = starts[i + 1];
    for (let month = start; month <= thisMonth && (end === undefined || month < end); month = addMonths(month, monthsPer[schedule.frequency])) {
      const [y, m] = month.split('-').map(Number) as [number, number];
      out.push({ period: month, schedule, dueDate: billingDateIn(y, m, schedule.billingDay) });
    }
  });
  return out.slice(-limit);
}

/** An amount typed in NIS, as whole agorot (null: not an amount). */
export function agorotOfText(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return agorotOf(Number(trimmed));
}

function amountFailure(field: string, value: number | null): RuleResult {
  if (value === null || !Number.isSafeInteger(value) || value < 0 || value > feeLimits.maxMonthlyAgorot) return { field, messageKey: 'invalidAmount' };
  return null;
}

/** The same refusals on the screen and the server; `thisMonth` (yyyy-mm): a schedule cannot start in the past. */
export function validateFeeSchedule(input: FeeScheduleInput, thisMonth: string): RuleResult {
  if (!isMonth(input.effectiveFrom) || input.effectiveFrom < thisMonth) return { field: 'effectiveFrom', messageKey: 'invalidDate' };
  if (!(feeBases as readonly string[]).includes(input.basis)) return { field: 'basis', messageKey: 'requiredField' };
  if (!(feeFrequencies as readonly string[]).includes(input.frequency)) return { field: 'frequency', messageKey: 'requiredField' };
  if (!(feePayers as readonly string[]).includes(input.payer)) return { field: 'payer', messageKey: 'requiredField' };
  if (!Number.isInteger(input.billingDay) || input.billingDay < 1 || input.billingDay > 31) return { field: 'billingDay', messageKey: 'invalidNumber' };
  if (input.basis !== 'perApartment') {
    const rate = amountFailure('rateAgorot', input.rateAgorot);
    if (rate) return rate;
    if (input.rateAgorot === 0) return { field: 'rateAgorot', messageKey: 'invalidAmount' };
  }
  for (const line of input.apartments) {
    if (
      input.basis === 'rooms' &&
      line.rooms !== null &&
      (!Number.isFinite(line.rooms) || line.rooms <= 0 || line.rooms > feeLimits.maxRooms || !Number.isInteger(line.rooms * 2))
    )
      return { field: `rooms.${line.apartmentId}`, messageKey: 'invalidNumber' };
    if (input.basis === 'perApartment' && line.amountAgorot !== null) {
      const failure = amountFailure(`amount.${line.apartmentId}`, line.amountAgorot);
      if (failure) return failure;
    }
  }
  if (input.basis === 'perApartment' && !input.apartments.some((l) => (l.amountAgorot ?? 0) > 0)) return { field: 'apartments', messageKey: 'requiredField' };
  if (input.basis === 'rooms' && !input.apartments.some((l) => (l.rooms ?? 0) > 0)) return { field: 'apartments', messageKey: 'requiredField' };
  return null;
}
