// The front desk reaches residents (issue 31 item 5): what waits for an apartment at the desk, and the
// visitors its tenants pre-approve. A pre-approval names the visitor, the day (Israel's calendar, as the
// desk's log) and an optional note; it is the tenant's to change or cancel until that day is over, and
// shows on the desk's log of that day, where the desk lets the visitor in. Shared by the device and the server.
import { israelWallClock } from '../dates.ts';
import type { RuleResult } from '../validation/rules.ts';
import { firstFailure, localDate, personName } from '../validation/rules.ts';

/** Pre-approved visitors one apartment may have on one day (counted in the database). */
export const VISITOR_PASSES_PER_APARTMENT_DAY = 10;
/** "Waiting at the desk" notices one apartment gets in 24 hours; past it, items wait in silence (and show in the app). */
export const DESK_NOTICES_PER_APARTMENT_DAY = 10;
/** How far ahead a visitor may be pre-approved. */
export const VISITOR_PASS_DAYS_AHEAD = 90;
export const visitorPassNameMax = 120;
export const visitorPassNoteMax = 500;

export const visitorPassStatuses = ['expected', 'cancelled'] as const;
export type VisitorPassStatus = (typeof visitorPassStatuses)[number];

/** A pre-approved visitor as the tenant and the desk see it; `arrivedAt` once the desk let them in. */
export type VisitorPass = {
  id: string;
  buildingId: number;
  apartmentId: string;
  /** The apartment's number, for the desk. */
  apartment: string;
  name: string;
  visitDate: string;
  note: string;
  status: VisitorPassStatus;
  arrivedAt: string | null;
  createdBy: string;
  version: number;
};

export type VisitorPassInput = { name: string; visitDate: string; note: string };

/** An item waiting at the desk for the tenant's apartment. */
export type DeskItem = { id: string; type: 'mail' | 'key'; kind: string; number: string; description: string; registeredAt: string };

/** Today's date (yyyy-mm-dd) in Israel, whatever the device's or server's zone. */
export function israelToday(now: Date): string {
  return israelWallClock(now).slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Name (as every person's name), a real calendar day from today (Israel) to VISITOR_PASS_DAYS_AHEAD, a short note. */
export function validateVisitorPass(input: VisitorPassInput, now: Date): RuleResult {
  const dateRule = localDate(input.visitDate, 'visitDate');
  const today = israelToday(now);
  return firstFailure(
    personName(input.name, 'name'),
    input.name.trim().length > visitorPassNameMax ? { field: 'name', messageKey: 'textTooLong', params: { max: visitorPassNameMax } } : null,
    dateRule,
    !dateRule && input.visitDate < today ? { field: 'visitDate', messageKey: 'visitDateInPast' } : null,
    !dateRule && daysBetween(today, input.visitDate) > VISITOR_PASS_DAYS_AHEAD
      ? { field: 'visitDate', messageKey: 'visitDateTooFar', params: { days: VISITOR_PASS_DAYS_AHEAD } }
      : null,
    input.note.trim().length > visitorPassNoteMax ? { field: 'note', messageKey: 'textTooLong', params: { max: visitorPassNoteMax } } : null,
  );
}

/** Whether the tenant may still change or cancel it: expected, nobody let in yet, its day not over. */
export function visitorPassEditable(pass: Pick<VisitorPass, 'status' | 'arrivedAt' | 'visitDate'>, now: Date): boolean {
  return pass.status === 'expected' && pass.arrivedAt === null && pass.visitDate >= israelToday(now);
}
