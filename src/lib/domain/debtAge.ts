// Issue 29 item 3: a debt's age is worked out from its due date and today's date in Israel, for every
// charge kind, never read from a stored label. Past due: the due date has passed. Current: due today or
// later in this month (this billing period). Coming: due in a later month.
import { sumAgorot } from '../agorot.ts';
import { israelWallClock } from '../dates.ts';
import type { DebtKind } from './entities.ts';
import type { LedgerEntry } from './ledger.ts';
import { settledByCharge } from './ledger.ts';

export const debtAges = ['pastDue', 'current', 'coming'] as const;
export type DebtAge = (typeof debtAges)[number];

/** Today's yyyy-mm-dd in Israel, whatever the device's or server's zone. */
export function israelToday(now: Date): string {
  return israelWallClock(now).slice(0, 10);
}

/** The age of a debt due on `dueDate` (yyyy-mm-dd), on the Israeli day `today` (yyyy-mm-dd). */
export function debtAge(dueDate: string, today: string): DebtAge {
  if (dueDate < today) return 'pastDue';
  return dueDate.slice(0, 7) === today.slice(0, 7) ? 'current' : 'coming';
}

const committeeKindOfAge: Record<DebtAge, DebtKind> = { pastDue: 'pastCommittee', current: 'currentCommittee', coming: 'futureCommittee' };

/** The spec's `kind` of a charge, on read: a committee fee's kind follows its age; a special charge stays special. */
export function debtKindOn(stored: DebtKind | string | null, dueDate: string, today: string): DebtKind {
  if (stored === 'pastCommittee' || stored === 'currentCommittee' || stored === 'futureCommittee') return committeeKindOfAge[debtAge(dueDate, today)];
  return 'special';
}

/** Whether a charge is a committee fee (whatever age its stored label once said). */
export function isCommitteeFee(stored: DebtKind | string | null): boolean {
  return stored === 'pastCommittee' || stored === 'currentCommittee' || stored === 'futureCommittee';
}

/** What is open, in agorot, per age. */
export function openByAge(debts: readonly { dueDate: string; openAgorot: number }[], today: string): Record<DebtAge, number> {
  const of = (age: DebtAge) => sumAgorot(debts.filter((d) => debtAge(d.dueDate, today) === age).map((d) => Math.max(0, d.openAgorot)));
  return { pastDue: of('pastDue'), current: of('current'), coming: of('coming') };
}

/** What the charges of a ledger still owe per age (each charge less what payments settled, refunds reopened). */
export function openChargesByAge(entries: readonly LedgerEntry[], today: string): Record<DebtAge, number> {
  const settled = settledByCharge(entries);
  const charges = entries.filter((e) => e.kind === 'charge');
  return openByAge(
    charges.map((c) => ({ dueDate: c.dueDate ?? c.date, openAgorot: c.amountAgorot - (settled.get(c.id) ?? 0) })),
    today,
  );
}
