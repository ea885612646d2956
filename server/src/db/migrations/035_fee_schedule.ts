// The committee fee schedule of a building (issue 29): each change is a new row from the month it takes
// effect, so the history of what was billed and why stays readable (a schedule is never updated). The
// charges it bills are ledger rows (kind 'charge', source 'committeeFee', id `fee:<apartment>:<period>`):
// the ledger's primary key and its unique source index make one charge per apartment and period, however
// many processes bill at once.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('fee_schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('effectiveFrom', 'text', (c) => c.notNull())
    .addColumn('basis', 'text', (c) => c.notNull())
    .addColumn('rateAgorot', 'integer', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('billingDay', 'integer', (c) => c.notNull())
    .addColumn('payer', 'text', (c) => c.notNull())
    .addColumn('apartments', types.json, (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fee_schedules_building').on('fee_schedules').columns(['companyId', 'buildingId', 'effectiveFrom']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fee_schedules').execute();
}
