// An EV-charging station's reading is a charge of the one ledger (issue 14): the kWh since the previous
// reading at the price per kWh the reading captured, owed by the station's apartment. The client shows
// it and the server posts it, so the amount and the reading's billing state are computed here once.
//
// Rounding rule: a charge is priced at the counter's two positions, not at the difference —
//   amount = ⌊position(current)⌉ − ⌊position(previous)⌉, position(v) = v kWh × price, in agorot,
// each rounded half up to the agora. Counter values count in whole Wh (0.001 kWh) and the price in
// 1/10,000 NIS (0.01 agora), so the products are exact integers. Priced this way the charges of a run
// of readings at one price add up to exactly the charge of one reading over the whole run: how often
// the station is read, or a correction that moves kWh from one reading to the next, never creates or
// loses an agora. Each charge is within one agora of (current − previous) × price.
import { israelWallClock } from '../dates.ts';
import type { Meter, MeterReading, ReadingCharge } from './entities.ts';
import type { LedgerText } from './ledgerText.ts';

/** Counter values are kept to the Wh (consumptionOf rounds kWh to 3 decimals). */
const WH_PER_KWH = 1000n;
/** Prices are kept to 1/10,000 NIS: 100 agorot × 100. */
const PRICE_UNITS_PER_NIS = 10_000n;
/** position in agorot = Wh × priceUnits / (1000 × 10,000 / 100). */
const DIVISOR = (WH_PER_KWH * PRICE_UNITS_PER_NIS) / 100n;

function wholeUnits(value: number, perUnit: bigint): bigint {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a counter value or price: ${value}`);
  return BigInt(Math.round(value * Number(perUnit)));
}

/** What the counter's position `kwh` is worth at `pricePerKwh` NIS, in whole agorot (half up). */
export function positionAgorot(kwh: number, pricePerKwh: number): bigint {
  const exact = wholeUnits(kwh, WH_PER_KWH) * wholeUnits(pricePerKwh, PRICE_UNITS_PER_NIS);
  return (exact * 2n + DIVISOR) / (2n * DIVISOR);
}

/** The charge in agorot of a reading from `previous` to `current` kWh at `pricePerKwh` NIS. */
export function evChargeAgorot(previous: number, current: number, pricePerKwh: number): number {
  if (current < previous) throw new RangeError(`a reading goes up: ${previous} → ${current}`);
  return Number(positionAgorot(current, pricePerKwh) - positionAgorot(previous, pricePerKwh));
}

/**
 * Only a charging station with an apartment and a captured price bills its readings. An apartment's
 * electricity counter is read, not billed: the spec prices kWh for charging stations only (§1, §5: the
 * price must be set before stations are added) and names no charge for a unit counter. A station of no
 * apartment (a shared one) has no one to charge.
 */
export function billsReadings(meter: Pick<Meter, 'kind' | 'apartmentId'>, reading: Pick<MeterReading, 'pricePerKwh'>): boolean {
  return meter.kind === 'evCharger' && meter.apartmentId !== null && reading.pricePerKwh !== null && reading.pricePerKwh > 0;
}

/** The local date (Israel) a reading was taken: its charge's billing and due date. */
export function readingDay(readAt: string): string {
  return israelWallClock(new Date(readAt)).slice(0, 10);
}

/** What the charge is, in every language: "EV charging 12/2026 · 42 kWh" (month of the reading). */
export function evChargeText(reading: Pick<MeterReading, 'readAt' | 'consumption'>): LedgerText & { description: string } {
  const day = readingDay(reading.readAt);
  const month = `${day.slice(5, 7)}/${day.slice(0, 4)}`;
  const kwh = String(reading.consumption);
  return { descriptionKey: 'evCharging', descriptionParams: { month, kwh }, description: `EV charging ${month} · ${kwh} kWh` };
}

/** Paid: its charge is settled in full (a card, a standing order, approved checks), read from the ledger. */
export function isChargePaid(charge: ReadingCharge): boolean {
  return charge.openAgorot <= 0;
}

/**
 * A reading is frozen once money is on its charge: settled in part or whole, or named by checks sent
 * for approval (spec 4: editable only if not yet paid; a correction then needs a credit).
 */
export function isChargeLocked(charge: ReadingCharge | null | undefined): boolean {
  return !!charge && (charge.openAgorot < charge.amountAgorot || charge.pendingChecks);
}
