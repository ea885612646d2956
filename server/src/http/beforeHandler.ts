// What an /api request meets after authentication and before its route's handler, in this order: a
// body carrying card data refused (issue 29 item 8: card numbers and security codes go to the payment
// provider's page only; a batch is checked change by change, so one such change does not hold the
// others back), the caller's checks (company claim, body token), a repeat answered from the stored answers, the route's
// right, and for a tenant's action the approved terms. A command (http/command.ts) meets the same list,
// in the same order, in its own pipeline, for its HTTP request and for a change of a batch alike.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { cardDataIn } from '../../../src/lib/cardData.ts';
import { SYNC_BATCH_PATH } from '../../../src/lib/syncBatch.ts';
import { ApiError } from './errors.ts';
import { checkCaller } from './hooks.ts';
import { sendStored, storedAnswerOf } from './mutation.ts';
import { checkRouteRight } from './rights.ts';
import { checkRouteTerms } from './termsCheck.ts';

/** True when the request was answered here (a repeat): the handler must not run. */
async function beforeHandler(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  refuseCardData(req);
  await checkCaller(ctx, req);
  const repeat = await storedAnswerOf(ctx, req);
  if (repeat) {
    sendStored(reply, repeat.key, repeat.stored);
    return true;
  }
  checkRouteRight(req);
  await checkRouteTerms(ctx.db, req);
  return false;
}

const BATCH_URL = `/api/${SYNC_BATCH_PATH}`;

/** 422 CARD_DATA_REFUSED, naming the field only (the value is neither answered nor logged). */
function refuseCardData(req: FastifyRequest): void {
  if (req.routeOptions.url === BATCH_URL) return;
  const field = cardDataIn(req.body);
  if (field !== null) throw new ApiError(422, 'CARD_DATA_REFUSED', 'cardDataRefused', { field });
}

export function registerBeforeHandler(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', async (req, reply) => {
    if (req.routeOptions.config.command) return;
    if (await beforeHandler(ctx, req, reply)) return reply;
  });
}
