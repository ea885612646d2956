// A management company's customised sites (issue 17, spec 2): the https addresses a start-up link's
// `site` parameter may name, after which the app offers to continue in the app or on that site.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('company_sites')
    .addColumn('companyId', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('company_sites_pk', ['companyId', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_sites').execute();
}
