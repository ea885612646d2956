// Standing orders (hok, issue 14; spec 3, 5): a tenant sets one per apartment on a kept card — billing
// day, frequency, start date not in the past, never American Express — sees, changes and cancels it.
// The job in jobs/standingOrders.ts charges it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { validateStandingOrder } from '../../../src/lib/domain/standingOrderRules.ts';
import type { StandingOrderFrequency } from '../../../src/lib/domain/standingOrderRules.ts';
import { standingOrderFrequencies } from '../../../src/lib/domain/standingOrderRules.ts';
import type { AppContext } from '../context.ts';
import type { SavedCard, StandingOrder } from '../data/payments.ts';
import { savedCards, standingOrders } from '../data/payments.ts';
import { checkVersion } from '../http/access.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { localDate, recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { myHome } from '../money/tenantAccount.ts';
import { payableSettings } from '../payments/cardPayment.ts';
import { israelLocalDate } from '../util/dates.ts';
import { idParams, paramsOf } from '../http/params.ts';

const frequency = z.enum(standingOrderFrequencies);
const createBody = z.object({ id: recordId, apartmentId: recordId, cardId: recordId, billingDay: z.number().int(), frequency, startDate: localDate });
const changeBody = z.object({ baseVersion: z.number().int(), cardId: recordId, billingDay: z.number().int(), frequency, startDate: localDate });

export const publicOrder = (o: StandingOrder) => ({
  id: o.id,
  apartmentId: o.apartmentId,
  cardId: o.cardId,
  billingDay: o.billingDay,
  frequency: o.frequency,
  startDate: o.startDate,
  status: o.status,
  version: o.version,
});

export function standingOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** A kept card of the tenant (a one-time card cannot carry a standing order). */
  const keptCard = async (db: Parameters<typeof savedCards.mine>[0], req: FastifyRequest, id: string): Promise<SavedCard> => {
    const { companyId, user } = authOf(req);
    const card = await savedCards.mine(db, companyId, user.id, id);
    if (!card?.kept) throw new ApiError(404, 'CARD_NOT_FOUND', 'cardNotFound', { field: 'cardId' });
    return card;
  };

  const validate = (card: SavedCard | null, input: { billingDay: number; startDate: string; frequency: StandingOrderFrequency }, today: string) =>
    enforce(validateStandingOrder({ ...input, card: card?.cardKind ?? null, today }));

  const myOrder = async (db: Parameters<typeof standingOrders.find>[0], req: FastifyRequest, id: string): Promise<StandingOrder> => {
    const { companyId, user } = authOf(req);
    const order = await standingOrders.find(db, id);
    if (!order || order.companyId !== companyId || order.userId !== user.id || order.status !== 'active') throw fail.notFound();
    return order;
  };

  app.post('/api/binyan/my/standing-orders', { config: { right: 'account.pay', terms: true } }, async (req, reply) => {
    const body = parse(createBody, req.body);
    const today = israelLocalDate(ctx.now());
    return runMutation(ctx, req, reply, async (tx) => {
      const { companyId, user } = authOf(req);
      // A used id: the tenant's own order comes back as `current`; anyone else's is not shown.
      const taken = await standingOrders.find(tx, body.id);
      if (taken) throw taken.companyId === companyId && taken.userId === user.id ? fail.exists(publicOrder(taken)) : fail.idTaken();
      const home = await myHome(tx, req, body.apartmentId);
      await payableSettings(tx, home.building.id, home.apartment.id);
      const card = await keptCard(tx, req, body.cardId);
      validate(card, body, today);
      if (await standingOrders.activeOfApartment(tx, companyId, home.apartment.id))
        throw fail.rule({ field: 'apartmentId', messageKey: 'standingOrderExists' });
      const now = ctx.nowIso();
      const order: StandingOrder = {
        id: body.id,
        companyId,
        userId: user.id,
        buildingId: home.building.id,
        apartmentId: home.apartment.id,
        cardId: card.id,
        billingDay: body.billingDay,
        frequency: body.frequency,
        startDate: body.startDate,
        status: 'active',
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      await standingOrders.insert(tx, order);
      return { status: 201, record: publicOrder(order) };
    });
  });

  app.put('/api/binyan/my/standing-orders/:id', { config: { right: 'account.pay', terms: true } }, async (req, reply) => {
    const body = parse(changeBody, req.body);
    const today = israelLocalDate(ctx.now());
    return runMutation(ctx, req, reply, async (tx) => {
      const order = await myOrder(tx, req, paramsOf(idParams, req).id);
      checkVersion(order, body.baseVersion);
      const card = await keptCard(tx, req, body.cardId);
      // A start date already in effect may stay; a new one must not be in the past.
      validate(card, { ...body, startDate: body.startDate === order.startDate ? today : body.startDate }, today);
      const next: StandingOrder = {
        ...order,
        cardId: card.id,
        billingDay: body.billingDay,
        frequency: body.frequency,
        startDate: body.startDate,
        version: order.version + 1,
        updatedAt: ctx.nowIso(),
      };
      await standingOrders.update(tx, next);
      return { record: publicOrder(next) };
    });
  });

  app.delete('/api/binyan/my/standing-orders/:id', { config: { right: 'account.pay' } }, async (req, reply) =>
    runMutation(ctx, req, reply, async (tx) => {
      const order = await myOrder(tx, req, paramsOf(idParams, req).id);
      const next: StandingOrder = { ...order, status: 'cancelled', version: order.version + 1, updatedAt: ctx.nowIso() };
      await standingOrders.update(tx, next);
      return { record: publicOrder(next) };
    }),
  );
}
