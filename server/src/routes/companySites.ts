// The management company's customised sites (spec 2): every signed-in user reads the list (the app
// checks a start-up link's `site` against it); management staff change it. Addresses are stored in
// their canonical https form (src/lib/validation/siteRules.ts), checked here as on the screen.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { normalSiteUrl, siteLimits, siteList } from '../../../src/lib/validation/siteRules.ts';
import type { AppContext } from '../context.ts';
import { companySites } from '../data/companySites.ts';
import { enforce } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { parse } from '../http/validate.ts';

const sitesBody = z.object({ sites: z.array(z.string().max(siteLimits.maxLength + 50)).max(siteLimits.maxSites + 1) });

export function companySiteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/company/sites', { config: { right: 'companySites.read' } }, async (req) => ({
    sites: await companySites.ofCompany(db, authOf(req).companyId),
  }));

  app.put('/api/binyan/company/sites', { config: { right: 'companySites.manage' } }, async (req, reply) => {
    const body = parse(sitesBody, req.body ?? {});
    enforce(siteList(body.sites, 'siteUrl'));
    const sites = body.sites.map((s) => normalSiteUrl(s) ?? '');
    return runMutation(ctx, req, reply, async (tx) => {
      await companySites.replace(tx, authOf(req).companyId, sites, ctx.nowIso());
      return { record: null, extra: { sites } };
    });
  });
}
