// Registration links (issue 14): management staff make a link for an apartment and send it to its
// tenants; opening it starts the tenant's registration (auth/tenantRegistration.ts). The office lists a
// building's links (used or not, expiry) and revokes one.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { apartments } from '../data/buildings.ts';
import { tenantLinks } from '../data/tenantLinks.ts';
import type { TenantLinkTable } from '../db/schema.ts';
import { loadBuilding, loadOwned, queryOf } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { recordId } from '../http/schemas.ts';
import { newUuid } from '../util/crypto.ts';
import { tenantLinkRoles, tenantLinkState, validateTenantLink } from '../../../src/lib/domain/tenantLinkRules.ts';
import { defineCommand } from '../http/command.ts';
import { noParams, paramsOf } from '../http/params.ts';

const linkParams = z.object({ code: z.string() });

const linkBody = z.object({
  apartmentId: recordId,
  role: z.enum(tenantLinkRoles).nullable().default(null),
  expiresOn: z.string().max(10).nullable().default(null),
});

/** The app's path a link opens: the company and the link's secret code. */
export const registrationPath = (companyId: number, code: string) => `/register/${companyId}/${code}`;

type LinkRow = Pick<TenantLinkTable, 'code' | 'companyId' | 'buildingId' | 'apartmentId' | 'role' | 'expiresOn' | 'createdAt' | 'usedAt' | 'revokedAt'>;

function publicLink(link: LinkRow, apartmentNumber: string | null, now: Date) {
  return {
    code: link.code,
    buildingId: link.buildingId,
    apartmentId: link.apartmentId,
    apartmentNumber,
    role: link.role,
    createdAt: link.createdAt,
    expiresOn: link.expiresOn,
    usedAt: link.usedAt,
    revokedAt: link.revokedAt,
    state: tenantLinkState(link, now),
    path: registrationPath(link.companyId, link.code),
  };
}

export function tenantLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/tenant-links', { config: { right: 'tenants.invite' } }, async (req) => {
    const building = await loadBuilding(db, req, queryOf(req).buildingId);
    const rows = await tenantLinks.ofBuilding(db, authOf(req).companyId, building.id);
    const now = ctx.now();
    return { records: rows.map((r) => publicLink(r, r.apartmentNumber ?? null, now)) };
  });

  // Revoking is for good: the link registers nobody from then on; a second revoke answers the same.
  app.delete('/api/binyan/tenant-links/:code', { config: { right: 'tenants.invite' } }, async (req, reply) =>
    runMutation(ctx, req, reply, async (tx) => {
      const { code } = paramsOf(linkParams, req);
      const link = await tenantLinks.ofCompany(tx, authOf(req).companyId, code);
      if (!link) throw fail.notFound();
      await loadBuilding(tx, req, link.buildingId);
      const revoked = { ...link, revokedAt: link.revokedAt ?? ctx.nowIso() };
      if (!link.revokedAt) await tenantLinks.revoke(tx, code, revoked.revokedAt);
      const [apartment] = await apartments.list(tx, { id: link.apartmentId, companyId: link.companyId });
      return { record: publicLink(revoked, apartment?.number ?? null, ctx.now()) };
    }),
  );
}

export const tenantLinksCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/tenant-links',
    right: 'tenants.invite',
    params: noParams,
    body: linkBody,
    check: ({ ctx, body }) => {
      enforce(validateTenantLink({ role: body.role, expiresOn: body.expiresOn }, ctx.now()));
    },
    change: async (tx, { ctx, req, body }) => {
      const apartment = await loadOwned(tx, req, apartments, body.apartmentId);
      const { companyId, user } = authOf(req);
      const link: LinkRow = {
        code: newUuid(),
        companyId,
        buildingId: apartment.buildingId,
        apartmentId: apartment.id,
        role: body.role,
        expiresOn: body.expiresOn,
        createdAt: ctx.nowIso(),
        usedAt: null,
        revokedAt: null,
      };
      await tenantLinks.insert(tx, { ...link, createdBy: user.id });
      return { status: 201, record: publicLink(link, apartment.number, ctx.now()) };
    },
  }),
];
