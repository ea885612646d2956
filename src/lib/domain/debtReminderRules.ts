// Reminders to debtors (issue 29 item 4): a building's rule says when an apartment with a past-due debt is
// reminded — first N days after the due date of its oldest past-due charge, then every M days, at most K
// times — and by which channels. Each person's notification preferences (topic "payments") still decide
// whether a channel reaches them. A reminder is one step of the rule for one debt period (the oldest due
// date still open): the server keeps one row per apartment, period and step, so it is never sent twice.
import { addLocalDays } from '../dates.ts';
import type { MessageChannel } from './messageRules.ts';
import { messageChannels } from './messageRules.ts';
import type { RuleResult } from '../validation/rules.ts';

export type ReminderRule = {
  enabled: boolean;
  /** Days after the due date of the first reminder (0: on the day after it is past due). */
  firstAfterDays: number;
  /** Days between reminders after the first. */
  everyDays: number;
  /** At most this many reminders per debt period. */
  maxCount: number;
  channels: MessageChannel[];
};

/** What a building has until its committee or the office sets it: off, 7 days after, every 14 days, 3 at most, e-mail and push. */
export const defaultReminderRule: ReminderRule = { enabled: false, firstAfterDays: 7, everyDays: 14, maxCount: 3, channels: ['email', 'push'] };

export const reminderLimits = { maxDays: 365, maxCount: 12 } as const;

const wholeIn = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

export function validateReminderRule(rule: ReminderRule): RuleResult {
  if (!wholeIn(rule.firstAfterDays, 0, reminderLimits.maxDays)) return { field: 'firstAfterDays', messageKey: 'invalidNumber' };
  if (!wholeIn(rule.everyDays, 1, reminderLimits.maxDays)) return { field: 'everyDays', messageKey: 'invalidNumber' };
  if (!wholeIn(rule.maxCount, 1, reminderLimits.maxCount)) return { field: 'maxCount', messageKey: 'invalidNumber' };
  const known = rule.channels.every((c) => (messageChannels as readonly string[]).includes(c));
  if (!known || rule.channels.length === 0 || new Set(rule.channels).size !== rule.channels.length)
    return { field: 'channels', messageKey: 'mustSelectSendOption' };
  return null;
}

/**
 * The Israeli day (yyyy-mm-dd) of step `step` (0-based) of the rule for a debt due on `dueDate`; never the
 * due date itself (a debt is past due only from the day after it).
 */
export function reminderDayOf(rule: Pick<ReminderRule, 'firstAfterDays' | 'everyDays'>, dueDate: string, step: number): string {
  return addLocalDays(dueDate, Math.max(1, rule.firstAfterDays + step * rule.everyDays));
}

/**
 * The step (0-based) a debt due on `dueDate` has reached on `today`: the latest whose day has come, or null
 * when none has (or the rule is off). A job that missed days sends the latest step only, never a burst.
 */
export function reminderStepOn(rule: ReminderRule, dueDate: string, today: string): number | null {
  if (!rule.enabled || dueDate >= today) return null;
  let reached: number | null = null;
  for (let step = 0; step < rule.maxCount; step++) {
    const day = reminderDayOf(rule, dueDate, step);
    if (day > today) break;
    reached = step;
  }
  return reached;
}
