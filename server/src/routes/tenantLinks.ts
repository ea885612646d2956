// Registration links (issue 14): management staff make a link for an apartment and send it to its
// tenants; opening it starts the tenant's registration (auth/tenantRegistration.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { apartments } from '../data/buildings.ts';
import { loadOwned } from '../http/access.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { newUuid } from '../util/crypto.ts';

const linkBody = z.object({ apartmentId: recordId });

/** The app's path a link opens: the company and the link's secret code. */
export const registrationPath = (companyId: number, code: string) => `/register/${companyId}/${code}`;

export function tenantLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/binyan/tenant-links', { config: { right: 'tenants.invite' } }, async (req, reply) => {
    const body = parse(linkBody, req.body);
    return runMutation(ctx, req, reply, async (tx) => {
      const apartment = await loadOwned(tx, req, apartments, body.apartmentId);
      const { companyId } = authOf(req);
      const code = newUuid();
      await tx.run(tx.q.insertInto('tenant_links').values({ code, companyId, buildingId: apartment.buildingId, apartmentId: apartment.id, createdAt: ctx.nowIso() }));
      return { status: 201, record: { code, apartmentId: apartment.id, buildingId: apartment.buildingId, path: registrationPath(companyId, code) } };
    });
  });
}
