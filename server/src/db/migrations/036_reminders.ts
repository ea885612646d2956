// Reminders to debtors (issue 29 item 4). `reminder_settings`: a building's rule (lib/domain/debtReminderRules.ts).
// `debt_reminders`: one row per apartment, debt period (the oldest open due date) and step of the rule — the
// primary key and a unique index make a second process's insert fail, so a step is never sent twice. Its
// deliveries are message delivery rows (one per person × channel, sent after the commit by the send job),
// which now may carry their own link (`url`: the reminder's payment link, for push).
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('reminder_settings')
    .addColumn('buildingId', 'integer', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('enabled', types.bool, (c) => c.notNull())
    .addColumn('firstAfterDays', 'integer', (c) => c.notNull())
    .addColumn('everyDays', 'integer', (c) => c.notNull())
    .addColumn('maxCount', 'integer', (c) => c.notNull())
    .addColumn('channels', types.json, (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .addColumn('updatedBy', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('debt_reminders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('apartmentId', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('chargeIds', types.json, (c) => c.notNull())
    .addColumn('amountAgorot', 'integer', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('debt_reminders_once').on('debt_reminders').columns(['apartmentId', 'period', 'step']).unique().execute();
  await db.schema.createIndex('debt_reminders_building').on('debt_reminders').columns(['companyId', 'buildingId', 'createdAt']).execute();
  await db.schema.alterTable('message_deliveries').addColumn('url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('message_deliveries').dropColumn('url').execute();
  await db.schema.dropTable('debt_reminders').execute();
  await db.schema.dropTable('reminder_settings').execute();
}
