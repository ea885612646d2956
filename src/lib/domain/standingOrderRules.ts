// Standing order (hok, spec sections 1, 3, 5): a billing day of the month, a frequency, a card. A day
// the month does not have (29–31 in a short month) bills on the month's last day; a start date in the
// past is refused; American Express cannot carry a recurring charge.
import { daysInMonth, isCalendarDate } from '../calendar.ts';
import type { CardKind } from '../clearingFee.ts';
import { acceptsRecurring } from '../clearingFee.ts';
import type { RuleResult } from '../validation/rules.ts';

export const standingOrderFrequencies = ['monthly', 'bimonthly', 'quarterly'] as const;
export type StandingOrderFrequency = (typeof standingOrderFrequencies)[number];

const monthsOf: Record<StandingOrderFrequency, number> = { monthly: 1, bimonthly: 2, quarterly: 3 };

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The billing date (yyyy-mm-dd) in a month: the billing day, or the month's last day when shorter. */
export function billingDateIn(year: number, month1: number, billingDay: number): string {
  return `${year}-${pad(month1)}-${pad(Math.min(billingDay, daysInMonth(year, month1)))}`;
}

/** Charge dates from `startDate` on (inclusive), `count` of them, every 1, 2 or 3 months. */
export function chargeDates(startDate: string, billingDay: number, frequency: StandingOrderFrequency, count: number): string[] {
  const [y, m] = startDate.split('-').map(Number) as [number, number];
  const out: string[] = [];
  let year = y;
  let month = m;
  // The first charge is the start month's billing date, or the next period's when that is already past.
  if (billingDateIn(year, month, billingDay) < startDate) month += monthsOf[frequency];
  while (out.length < count) {
    year += Math.floor((month - 1) / 12);
    month = ((month - 1) % 12) + 1;
    out.push(billingDateIn(year, month, billingDay));
    month += monthsOf[frequency];
  }
  return out;
}

export type StandingOrderInput = { billingDay: number; startDate: string; frequency: string; card: CardKind | null; today: string };

export function validateStandingOrder(input: StandingOrderInput): RuleResult {
  if (!Number.isInteger(input.billingDay) || input.billingDay < 1 || input.billingDay > 31) return { field: 'billingDay', messageKey: 'invalidNumber' };
  if (!isCalendarDate(input.startDate)) return { field: 'startDate', messageKey: 'invalidDate' };
  if (input.startDate < input.today) return { field: 'startDate', messageKey: 'invalidDate' };
  if (!(standingOrderFrequencies as readonly string[]).includes(input.frequency)) return { field: 'frequency', messageKey: 'requiredField' };
  if (input.card === null) return { field: 'card', messageKey: 'requiredField' };
  if (!acceptsRecurring(input.card)) return { field: 'card', messageKey: 'amexNotForRecurring' };
  return null;
}
