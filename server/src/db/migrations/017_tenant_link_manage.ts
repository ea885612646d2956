// Registration links managed by staff (issue 14): a link may be limited to the owner or the renter,
// may expire on a date, is marked when a tenant registered through it, and can be revoked. Links made
// before this migration are for any tenant of the apartment, without expiry, and not revoked.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  const table = () => db.schema.alterTable('tenant_links');
  await table().addColumn('role', 'text').execute();
  await table().addColumn('expiresOn', 'text').execute();
  await table().addColumn('usedAt', types.instant).execute();
  await table().addColumn('revokedAt', types.instant).execute();
  await table().addColumn('createdBy', 'integer').execute();
  await db.schema.createIndex('tenant_links_building').on('tenant_links').columns(['companyId', 'buildingId']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tenant_links_building').execute();
  for (const column of ['createdBy', 'revokedAt', 'usedAt', 'expiresOn', 'role']) await db.schema.alterTable('tenant_links').dropColumn(column).execute();
}
