// When closing a call that has been open a long time, the worker is offered a closing message to the
// reporter. The spec leaves the number of days unshown; the default is ours, and the provider's
// global setting `closing_message_days` overrides it when the company sets one.
import type { ServiceCallStatus } from './entities.ts';
import { isClosedStatus } from './serviceCallStatus.ts';

export const CLOSING_MESSAGE_DAYS = 30;
export const CLOSING_MESSAGE_DAYS_GLOBAL = 'closing_message_days';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The global's text when it is a whole number of days ≥ 0, else the default. */
export function closingMessageDays(globalValue: string | number | null | undefined): number {
  if (globalValue === null || globalValue === undefined || String(globalValue).trim() === '') return CLOSING_MESSAGE_DAYS;
  const days = Number(String(globalValue).trim());
  return Number.isInteger(days) && days >= 0 ? days : CLOSING_MESSAGE_DAYS;
}

/** Whole days between opening and `now` (0 for a call opened in the future, e.g. a planned one). */
export function daysOpen(openedAt: string, now: Date): number {
  const opened = Date.parse(openedAt);
  if (Number.isNaN(opened)) return 0;
  return Math.max(0, Math.floor((now.getTime() - opened) / DAY_MS));
}

/** A closing message is offered when a call still open is closed after more than `days` days. */
export function offersClosingMessage(call: { status: ServiceCallStatus; openedAt: string }, now: Date, days: number = CLOSING_MESSAGE_DAYS): boolean {
  return !isClosedStatus(call.status) && daysOpen(call.openedAt, now) > days;
}
