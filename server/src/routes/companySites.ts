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
import { preparedCommand } from '../http/command.ts';
import { noParams } from '../http/params.ts';

const sitesBody = z.object({ sites: z.array(z.string().max(siteLimits.maxLength + 50)).max(siteLimits.maxSites + 1) });

export function companySiteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/company/sites', { config: { right: 'companySites.read' } }, async (req) => ({
    sites: await companySites.ofCompany(db, authOf(req).companyId),
  }));
}

export const companySitesCommands = [
  preparedCommand({
    method: 'PUT',
    url: '/api/binyan/company/sites',
    right: 'companySites.manage',
    params: noParams,
    body: sitesBody,
    bodyOptional: true,
    prepare: ({ body }) => {
      enforce(siteList(body.sites, 'siteUrl'));
      const sites = body.sites.map((s) => normalSiteUrl(s) ?? '');
      return { sites };
    },
    change: async (tx, { ctx, req }, { sites }) => {
      await companySites.replace(tx, authOf(req).companyId, sites, ctx.nowIso());
      return { record: null, extra: { sites } };
    },
  }),
];
