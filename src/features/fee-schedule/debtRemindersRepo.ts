// Reminders to debtors (issue 29): a building's rule and the log of what was sent, read and changed online
// only like the fee schedule — the rule decides what reaches every debtor, so it waits for no outbox. A save
// is checked with the server's rule first and carries its own Idempotency-Key, kept for retries.
import { z } from 'zod/mini';
import { answerOf } from '../../api/answers';
import type { ReminderRule } from '../../lib/domain/debtReminderRules';
import { validateReminderRule } from '../../lib/domain/debtReminderRules';
import { messageChannels } from '../../lib/domain/messageRules';
import { refuse } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';

const rule = z.looseObject({
  enabled: z.boolean(),
  firstAfterDays: z.number(),
  everyDays: z.number(),
  maxCount: z.number(),
  channels: z.array(z.enum(messageChannels)),
});
const ruleAnswer = z.looseObject({ record: rule });

const logLine = z.looseObject({
  reminderId: z.string(),
  apartmentNumber: z.nullable(z.string()),
  step: z.number(),
  amountAgorot: z.number(),
  createdAt: z.string(),
  contactId: z.string(),
  contactName: z.nullable(z.string()),
  channel: z.enum(messageChannels),
  state: z.string(),
  reason: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
});
export type ReminderLogLine = z.infer<typeof logLine>;
const logAnswer = z.looseObject({ records: z.array(logLine) });

export async function buildingReminderRule(buildingId: number): Promise<ReminderRule> {
  return answerOf(ruleAnswer, await callWithRelogin(() => api.request('GET', `buildings/${buildingId}/reminder-settings`))).record;
}

export async function saveReminderRule(buildingId: number, input: ReminderRule, key: string): Promise<ReminderRule> {
  refuse(validateReminderRule(input));
  return answerOf(
    ruleAnswer,
    await callWithRelogin(() => api.request('PUT', `buildings/${buildingId}/reminder-settings`, input, { headers: { 'Idempotency-Key': key } })),
  ).record;
}

export async function buildingReminderLog(buildingId: number): Promise<ReminderLogLine[]> {
  return answerOf(logAnswer, await callWithRelogin(() => api.request('GET', `buildings/${buildingId}/debt-reminders`))).records;
}
