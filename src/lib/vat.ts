// VAT comes from a table of rates with the date each took effect, never from a constant: a payment is
// taxed at the rate of its date, and a new rate is one more row (the server keeps the table in its
// settings; this default is Israel's).
import { percentOfAgorot, roundHalfAway } from './agorot.ts';
import { isCalendarDate } from './calendar.ts';

/** A rate in basis points (1 % = 100) in effect from `from` (a local date, yyyy-mm-dd) until the next row. */
export type VatPeriod = { from: string; basisPoints: number };

export const israelVatTable: readonly VatPeriod[] = [
  { from: '2015-10-01', basisPoints: 1700 },
  { from: '2025-01-01', basisPoints: 1800 },
];

/** The rate on a local date (yyyy-mm-dd); the table need not be sorted. */
export function vatRateOn(date: string, table: readonly VatPeriod[] = israelVatTable): number {
  if (!isCalendarDate(date)) throw new RangeError(`not a local date: ${date}`);
  let found: VatPeriod | undefined;
  for (const period of table) if (period.from <= date && (!found || period.from > found.from)) found = period;
  if (!found) throw new RangeError(`no VAT rate in effect on ${date}`);
  return found.basisPoints;
}

/** VAT added on top of a net amount. */
export function vatOnNet(netAgorot: number, basisPoints: number): number {
  return percentOfAgorot(netAgorot, basisPoints);
}

/** The VAT part of a gross amount that includes it; net = gross - vat. */
export function vatInGross(grossAgorot: number, basisPoints: number): number {
  const net = roundHalfAway((grossAgorot * 10_000) / (10_000 + basisPoints));
  return grossAgorot - net;
}
