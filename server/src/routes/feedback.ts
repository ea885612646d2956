// App feedback (spec 1 "feedback"): a rating, a message and whether the sender may be contacted.
// Validated with the shared rule; stored once per Idempotency-Key by the mutation wrapper.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validateFeedback } from '../../../src/lib/validation/rules.ts';
import type { AppContext } from '../context.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { parse } from '../http/validate.ts';
import { recordId } from './schemas.ts';

const feedbackCreate = z.object({
  id: recordId,
  rating: z.number().nullable().optional(),
  message: z.string().nullable().optional(),
  mayContact: z.boolean().default(false),
});

export type FeedbackRecord = { id: string; rating: number; message: string; mayContact: boolean; createdAt: string };

export function feedbackRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post('/api/binyan/feedback', { config: { right: 'feedback.write' } }, async (req, reply) => {
    const body = parse(feedbackCreate, req.body ?? {});
    return runMutation(ctx, req, reply, () => {
      enforce(validateFeedback({ rating: body.rating, message: body.message }));
      const { user, companyId } = authOf(req);
      const existing = db.first(db.q.selectFrom('app_feedback').select('id').where('id', '=', body.id));
      if (existing) throw fail.exists({ id: existing.id });
      const record: FeedbackRecord = {
        id: body.id,
        rating: body.rating ?? 0,
        message: (body.message ?? '').trim(),
        mayContact: body.mayContact,
        createdAt: ctx.nowIso(),
      };
      db.run(db.q.insertInto('app_feedback').values({ ...record, companyId, userName: user.userName, mayContact: record.mayContact ? 1 : 0 }));
      return { status: 201, record: null, extra: { feedback: record } };
    });
  });

  /** The signed-in user's own feedback, newest first. */
  app.get('/api/binyan/feedback', { config: { right: 'feedback.write' } }, async (req) => {
    const { user, companyId } = authOf(req);
    const rows = db.all(
      db.q.selectFrom('app_feedback').selectAll().where('companyId', '=', companyId).where('userName', '=', user.userName).orderBy('createdAt', 'desc'),
    );
    const records: FeedbackRecord[] = rows.map((r) => ({ id: r.id, rating: r.rating, message: r.message, mayContact: r.mayContact === 1, createdAt: r.createdAt }));
    return { records };
  });
}
