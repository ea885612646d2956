// "Contact us" (spec 1): a public form, no sign-in, so it is limited per client address; the details land
// in the management company's leads list, where staff mark who was called back.
import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validateLead } from '../../../src/lib/validation/leadRules.ts';
import { digitsOnly } from '../../../src/lib/validation/rules.ts';
import type { StoreScope } from '../auth/rateLimitStore.ts';
import type { AppContext } from '../context.ts';
import { leads } from '../data/leads.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { newUuid } from '../util/crypto.ts';

/** Forms one address may send per window: a family or an office sends a few, a script many. */
export const CONTACT_LIMIT = { max: 5, windowMs: 60 * 60_000 } as const;

const leadBody = z.object({
  fullName: z.string().max(200).default(''),
  phone: z.string().max(40).default(''),
  email: z.string().max(200).default(''),
  building: z.string().max(400).default(''),
  note: z.string().max(4000).default(''),
  companyCode: z.coerce.number().int().positive().nullable().optional(),
});

export function leadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  let limiter: ReturnType<FastifyInstance['createRateLimit']> | null = null;
  const byAddress = () => {
    const options: CreateRateLimitOptions & StoreScope = {
      scope: 'contactUs',
      lockoutMs: CONTACT_LIMIT.windowMs,
      max: CONTACT_LIMIT.max,
      timeWindow: CONTACT_LIMIT.windowMs,
    };
    return (limiter ??= app.createRateLimit(options));
  };

  app.post('/api/public/contact-us', { config: { public: true } }, async (req, reply) => {
    const state = await byAddress()(req);
    if (!state.isAllowed && state.isExceeded) throw fail.tooMany(Math.max(1, state.ttlInSeconds));
    const body = parse(leadBody, req.body ?? {});
    enforce(validateLead(body));
    const companyId = await leads.companyFor(db, body.companyCode ?? null);
    if (companyId === null) throw new ApiError(422, 'NO_MANAGEMENT_COMPANY', 'noManagementCompany');
    const lead = {
      id: newUuid(),
      fullName: body.fullName.trim(),
      phone: digitsOnly(body.phone),
      email: body.email.trim() || null,
      building: body.building.trim(),
      note: body.note.trim(),
      createdAt: ctx.nowIso(),
      calledBackAt: null,
      calledBackBy: null,
    };
    await leads.insert(db, lead, companyId);
    // Nothing of the company's list goes back to an anonymous caller.
    return reply.code(201).send({ received: true });
  });

  app.get('/api/binyan/leads', { config: { right: 'leads.read' } }, async (req) => ({ records: await leads.ofCompany(db, authOf(req).companyId) }));

  app.post('/api/binyan/leads/:id/called-back', { config: { right: 'leads.update' } }, async (req, reply) => {
    const id = parse(z.object({ id: recordId }), req.params).id;
    return runMutation(ctx, req, reply, async (tx) => {
      const { companyId, user } = authOf(req);
      const lead = await leads.find(tx, id);
      if (!lead) throw fail.notFound();
      if (lead.companyId !== companyId) throw fail.forbidden();
      const at = lead.calledBackAt ?? ctx.nowIso();
      const by = lead.calledBackBy ?? (user.fullName || user.userName);
      if (!lead.calledBackAt) await leads.markCalledBack(tx, id, by, at);
      return { record: { id, calledBackAt: at, calledBackBy: by } };
    });
  });
}
