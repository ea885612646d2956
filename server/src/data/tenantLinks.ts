// Registration links (issue 14): an apartment's link its tenants register through (routes/tenantLinks.ts,
// auth/tenantRegistration.ts).
import type { Db } from '../db/database.ts';
import type { TenantLinkTable } from '../db/schema.ts';

export const tenantLinks = {
  /** A link by its code, whatever its state. */
  byCode: (db: Db, code: string) =>
    db.first(db.q.selectFrom('tenant_links').select(['code', 'companyId', 'buildingId', 'apartmentId', 'role', 'expiresOn', 'revokedAt']).where('code', '=', code)),
  /** The company's link by its code, every column. */
  ofCompany: (db: Db, companyId: number, code: string) =>
    db.first(db.q.selectFrom('tenant_links').selectAll().where('code', '=', code).where('companyId', '=', companyId)),
  /** The building's links not revoked, newest first, each with its apartment's number. */
  ofBuilding: (db: Db, companyId: number, buildingId: number) =>
    db.all(
      db.q
        .selectFrom('tenant_links')
        .leftJoin('apartments', (j) => j.onRef('apartments.id', '=', 'tenant_links.apartmentId').onRef('apartments.companyId', '=', 'tenant_links.companyId'))
        .select([
          'tenant_links.code',
          'tenant_links.companyId',
          'tenant_links.buildingId',
          'tenant_links.apartmentId',
          'tenant_links.role',
          'tenant_links.expiresOn',
          'tenant_links.createdAt',
          'tenant_links.usedAt',
          'tenant_links.revokedAt',
          'apartments.number as apartmentNumber',
        ])
        .where('tenant_links.companyId', '=', companyId)
        .where('tenant_links.buildingId', '=', buildingId)
        .where('tenant_links.revokedAt', 'is', null)
        .orderBy('tenant_links.createdAt', 'desc'),
    ),
  insert: (db: Db, link: TenantLinkTable) => db.run(db.q.insertInto('tenant_links').values(link)),
  revoke: (db: Db, code: string, at: string) => db.run(db.q.updateTable('tenant_links').set({ revokedAt: at }).where('code', '=', code)),
  /** The first registration through the link marks it used; later ones leave that date. */
  markUsed: (db: Db, code: string, at: string) => db.run(db.q.updateTable('tenant_links').set({ usedAt: at }).where('code', '=', code).where('usedAt', 'is', null)),
};
