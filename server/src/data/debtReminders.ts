// Reminders to debtors (migration 036): a building's rule, the reminder rows (one per apartment, debt period
// and step) and the office's log of them with each delivery's outcome.
import { z } from 'zod';
import type { ReminderRule } from '../../../src/lib/domain/debtReminderRules.ts';
import { defaultReminderRule } from '../../../src/lib/domain/debtReminderRules.ts';
import { messageChannels } from '../../../src/lib/domain/messageRules.ts';
import type { Db } from '../db/database.ts';
import { asBoolean, fromJson } from '../db/records.ts';
import type { DebtReminderTable } from '../db/schema.ts';

const channelList = z.array(z.enum(messageChannels));
const idList = z.array(z.string());

export type StoredReminderRule = ReminderRule & { updatedAt: string | null; updatedBy: string | null };

/** One delivery of a reminder as the office reads it: who, when, which channel, amount, outcome. */
export type ReminderLogLine = {
  reminderId: string;
  apartmentId: string;
  apartmentNumber: string | null;
  step: number;
  period: string;
  amountAgorot: number;
  chargeIds: string[];
  createdAt: string;
  contactId: string;
  contactName: string | null;
  channel: string;
  state: string;
  reason: string | null;
  sentAt: string | null;
};

export const debtReminderId = (apartmentId: string, period: string, step: number) => `debtReminder:${apartmentId}:${period}:${step}`;

export const reminderSettings = {
  /** The building's rule, or the default (off) when none was saved. */
  of: async (db: Db, companyId: number, buildingId: number): Promise<StoredReminderRule> => {
    const row = await db.first(db.q.selectFrom('reminder_settings').selectAll().where('companyId', '=', companyId).where('buildingId', '=', buildingId));
    if (!row) return { ...defaultReminderRule, updatedAt: null, updatedBy: null };
    return {
      enabled: asBoolean(row.enabled),
      firstAfterDays: Number(row.firstAfterDays),
      everyDays: Number(row.everyDays),
      maxCount: Number(row.maxCount),
      channels: channelList.parse(fromJson(row.channels)),
      updatedAt: new Date(row.updatedAt).toISOString(),
      updatedBy: row.updatedBy,
    };
  },
  save: async (db: Db, companyId: number, buildingId: number, rule: ReminderRule, at: string, by: string) => {
    const values = { ...rule, channels: JSON.stringify(rule.channels), updatedAt: at, updatedBy: by };
    await db.run(db.q.deleteFrom('reminder_settings').where('buildingId', '=', buildingId).where('companyId', '=', companyId));
    await db.run(db.q.insertInto('reminder_settings').values({ buildingId, companyId, ...values }));
  },
  /** The buildings whose reminders are on (all companies), for the job. */
  enabledBuildings: async (db: Db): Promise<{ companyId: number; buildingId: number }[]> =>
    (await db.all(db.q.selectFrom('reminder_settings').select(['companyId', 'buildingId']).where('enabled', '=', true).orderBy('buildingId'))).map((r) => ({
      companyId: Number(r.companyId),
      buildingId: Number(r.buildingId),
    })),
};

export const debtReminders = {
  find: (db: Db, id: string) => db.first(db.q.selectFrom('debt_reminders').select('id').where('id', '=', id)),
  insert: (db: Db, row: Omit<DebtReminderTable, 'chargeIds'> & { chargeIds: string[] }) => db.run(db.q.insertInto('debt_reminders').values({ ...row, chargeIds: JSON.stringify(row.chargeIds) })),
  /** The building's reminders, newest first, one line per delivery (person × channel). */
  log: async (db: Db, companyId: number, buildingId: number, limit = 500): Promise<ReminderLogLine[]> => {
    const rows = await db.all(
      db.q
        .selectFrom('debt_reminders')
        .innerJoin('message_deliveries', 'message_deliveries.messageId', 'debt_reminders.id')
        .leftJoin('contacts', 'contacts.id', 'message_deliveries.contactId')
        .leftJoin('apartments', 'apartments.id', 'debt_reminders.apartmentId')
        .select([
          'debt_reminders.id as reminderId',
          'debt_reminders.apartmentId',
          'apartments.number as apartmentNumber',
          'debt_reminders.step',
          'debt_reminders.period',
          'debt_reminders.amountAgorot',
          'debt_reminders.chargeIds',
          'debt_reminders.createdAt',
          'message_deliveries.contactId',
          'contacts.fullName as contactName',
          'message_deliveries.channel',
          'message_deliveries.state',
          'message_deliveries.reason',
          'message_deliveries.sentAt',
        ])
        .where('debt_reminders.companyId', '=', companyId)
        .where('debt_reminders.buildingId', '=', buildingId)
        .orderBy('debt_reminders.createdAt', 'desc')
        .orderBy('message_deliveries.id')
        .limit(limit),
    );
    return rows.map((r) => ({
      ...r,
      apartmentNumber: r.apartmentNumber ?? null,
      contactName: r.contactName ?? null,
      step: Number(r.step),
      amountAgorot: Number(r.amountAgorot),
      chargeIds: idList.parse(fromJson(r.chargeIds)),
      createdAt: new Date(r.createdAt).toISOString(),
      sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
    }));
  },
};
