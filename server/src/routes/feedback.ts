// App feedback (spec 1 "feedback"): a rating, a message and whether the sender may be contacted.
// Validated with the shared rule; stored once per Idempotency-Key by the mutation wrapper.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validateFeedback } from '../../../src/lib/validation/rules.ts';
import type { AppContext } from '../context.ts';
import { feedback } from '../data/feedback.ts';
import type { FeedbackRecord } from '../data/feedback.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { recordId } from '../http/schemas.ts';
import { defineCommand } from '../http/command.ts';
import { noParams } from '../http/params.ts';

const feedbackCreate = z.object({
  id: recordId,
  rating: z.number().nullable().optional(),
  message: z.string().nullable().optional(),
  mayContact: z.boolean().default(false),
});

export function feedbackRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** The signed-in user's own feedback, newest first. */
  app.get('/api/binyan/feedback', { config: { right: 'feedback.write' } }, async (req) => {
    const { user, companyId } = authOf(req);
    return { records: await feedback.ofUser(ctx.db, companyId, user.userName) };
  });
}

export const feedbackCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/feedback',
    right: 'feedback.write',
    params: noParams,
    body: feedbackCreate,
    bodyOptional: true,
    change: async (tx, { ctx, req, body }) => {
      enforce(validateFeedback({ rating: body.rating, message: body.message }));
      const { user, companyId } = authOf(req);
      if (await feedback.exists(tx, body.id)) throw fail.exists({ id: body.id });
      const record: FeedbackRecord = {
        id: body.id,
        rating: body.rating ?? 0,
        message: (body.message ?? '').trim(),
        mayContact: body.mayContact,
        createdAt: ctx.nowIso(),
      };
      await feedback.insert(tx, record, companyId, user.userName);
      return { status: 201, record: null, extra: { feedback: record } };
    },
  }),
];
