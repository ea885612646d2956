// Who runs a building (issue 31 §4): one row per building with its committee members, the management
// company's contact, the emergency numbers and the maintenance worker's office hours. The lists are JSON:
// they are read and saved whole, by one screen, under one version (a concurrent edit is a 409), and a
// member's consent to show a phone or an e-mail travels with the member it belongs to.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('building_people')
    .addColumn('buildingId', 'integer', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('members', types.json, (c) => c.notNull())
    .addColumn('management', types.json, (c) => c.notNull())
    .addColumn('emergency', types.json, (c) => c.notNull())
    .addColumn('workerHours', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .addColumn('updatedBy', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('building_people').execute();
}
