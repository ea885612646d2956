// Tenants' money (issue 14): my apartment (balance, debts, history), saved cards, card payments with
// their receipts, and the office's list of a building's payments. Payments need the connection: the
// device sends them directly (never through the outbox) with the intent's id as Idempotency-Key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { Payment, SavedCard } from '../data/payments.ts';
import { payments, refundedOf, refunds, savedCards } from '../data/payments.ts';
import { loadBuilding, queryOf } from '../http/access.ts';
import { ApiError, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { accountOf, myHome, tenantHomes } from '../money/tenantAccount.ts';
import type { PaymentContext } from '../payments/cardPayment.ts';
import type { NewIntent } from '../payments/cardPayment.ts';
import { completePayment, isStale, linesOf, merchantOf, payableSettings, quoteOf, recordIntent } from '../payments/cardPayment.ts';
import { countTokenization, declineGuard, takeAhead } from '../payments/cardLimits.ts';
import { messageOfFailure } from '../payments/provider.ts';
import { israelLocalDate } from '../util/dates.ts';
import { idParams, paramsOf } from '../http/params.ts';

const entryBody = z.object({ lang: z.string().max(10).optional() });
// The card itself was typed on the provider's page: we get the id of that entry, never the card.
const cardBody = z.object({ id: recordId, entryId: z.string().min(1).max(100), keep: z.boolean().nullable() });
const quoteBody = z.object({ apartmentId: recordId, chargeIds: z.array(recordId).max(100), cardId: recordId });
const payBody = quoteBody.extend({ id: z.uuid(), expectedTotalAgorot: z.number().int().nonnegative() });

/** Ours, given to the provider with an entry session: only the user who opened it may redeem it. */
const referenceOf = (userId: number) => `user-${userId}`;

/** The app's origin as this request reached us (behind a trusted proxy, as it says): the only one the provider's page talks to. */
const appOriginOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

export const publicCard = (c: SavedCard) => ({ id: c.id, last4: c.last4, expiry: c.expiry, cardKind: c.cardKind, kept: c.kept });

/** A payment as its payer and the office see it: the receipt's fields, never the provider's token. */
export function receiptOf(p: Payment) {
  const { providerChargeId: _charge, companyId: _company, ...shown } = p;
  return shown;
}

const paymentInProgress = () => new ApiError(409, 'PAYMENT_IN_PROGRESS', 'paymentInProgress', { field: 'debts' });

/**
 * The stored intent a request's id names, when it is this user's and the same payment; an id of another
 * user's payment, or of another payment of theirs, is refused without showing anything of it.
 */
function sameIntent(p: Payment, companyId: number, userId: number, body: z.infer<typeof payBody>): Payment {
  const same =
    p.companyId === companyId &&
    p.userId === userId &&
    p.method === 'card' &&
    p.apartmentId === body.apartmentId &&
    p.cardId === body.cardId &&
    p.totalAgorot === body.expectedTotalAgorot &&
    p.chargeIds.length === body.chargeIds.length &&
    p.chargeIds.every((id, i) => id === body.chargeIds[i]);
  if (!same) throw fail.idTaken();
  return p;
}

export function tenantPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const pay: PaymentContext = ctx;

  const myCard = async (req: FastifyRequest, id: string): Promise<SavedCard> => {
    const { companyId, user } = authOf(req);
    const card = await savedCards.mine(db, companyId, user.id, id);
    if (!card) throw new ApiError(404, 'CARD_NOT_FOUND', 'cardNotFound', { field: 'cardId' });
    return card;
  };

  const myPayment = async (req: FastifyRequest, id: string): Promise<Payment> => {
    const { companyId, user } = authOf(req);
    const p = await payments.find(db, id);
    if (!p || p.companyId !== companyId) throw fail.notFound();
    // The payer, or another tenant of the same apartment.
    if (p.userId !== user.id && !(await tenantHomes(db, req)).some((h) => h.apartment.id === p.apartmentId)) throw fail.notFound();
    return p;
  };

  app.get('/api/binyan/my/account', { config: { right: 'account.read' } }, async (req) => {
    const { companyId, user } = authOf(req);
    const homes = await tenantHomes(db, req);
    const apartments = [];
    for (const home of homes) apartments.push(await accountOf(db, companyId, home, israelLocalDate(ctx.now())));
    return { fetchedAt: ctx.nowIso(), apartments, cards: (await savedCards.keptBy(db, companyId, user.id)).map(publicCard) };
  });

  app.get('/api/binyan/my/cards', { config: { right: 'account.pay' } }, async (req) => {
    const { companyId, user } = authOf(req);
    return { records: (await savedCards.keptBy(db, companyId, user.id)).map(publicCard) };
  });

  // A card-entry session on the provider's page (issue 29 item 8), in the reader's language, framed by
  // this app's origin only. Each session takes one card, so the tokenization limit counts sessions: a
  // card never reaches the provider without one.
  app.post('/api/binyan/my/cards/entry', { config: { right: 'account.pay', terms: true } }, async (req, reply) => {
    const body = parse(entryBody, req.body ?? {});
    const { companyId, user } = authOf(req);
    await countTokenization(
      db,
      ctx,
      user.id,
      (await tenantHomes(db, req)).map((h) => h.apartment.id),
    );
    const opened = await ctx.provider.openCardEntry({
      merchant: merchantOf(companyId),
      reference: referenceOf(user.id),
      appOrigin: appOriginOf(req),
      lang: body.lang ?? 'he',
    });
    if (!opened.ok) throw new ApiError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', messageOfFailure(opened.failure));
    return reply.code(201).send({ entry: { id: opened.id, url: opened.url, origin: opened.origin, expiresAt: opened.expiresAt } });
  });

  // The card entered on the provider's page, redeemed once with the provider (server to server) for its
  // token; we keep the token, last 4 digits, expiry and kind. An entry of another user is refused.
  app.post('/api/binyan/my/cards', { config: { right: 'account.pay', terms: true } }, async (req, reply) => {
    const body = parse(cardBody, req.body);
    const { companyId, user } = authOf(req);
    const existing = await savedCards.mine(db, companyId, user.id, body.id);
    if (existing) return { record: publicCard(existing) };
    if (await savedCards.idTaken(db.unguarded, body.id)) throw fail.idTaken();
    if (body.keep === null) throw fail.validation({ field: 'keep', messageKey: 'keepCardChoiceRequired' });
    const result = await ctx.provider.redeemCardEntry(merchantOf(companyId), body.entryId, referenceOf(user.id));
    if (!result.ok) {
      // A twin of this request redeemed it first and saved the card.
      const twin = await savedCards.mine(db, companyId, user.id, body.id);
      if (twin) return { record: publicCard(twin) };
      throw new ApiError(422, 'CARD_REFUSED', messageOfFailure(result.failure), { field: 'card' });
    }
    const card: SavedCard = {
      id: body.id,
      userId: user.id,
      token: result.token,
      last4: result.last4,
      expiry: result.expiry,
      cardKind: result.cardKind,
      kept: body.keep,
      createdAt: ctx.nowIso(),
    };
    if (!(await savedCards.insertOnce(db, companyId, card))) {
      // A twin of this request saved it first; anyone else's id is refused.
      const twin = await savedCards.mine(db, companyId, user.id, body.id);
      if (!twin) throw fail.idTaken();
      return { record: publicCard(twin) };
    }
    return reply.code(201).send({ record: publicCard(card) });
  });

  app.delete('/api/binyan/my/cards/:id', { config: { right: 'account.pay' } }, async (req) => {
    const card = await myCard(req, paramsOf(idParams, req).id);
    await savedCards.remove(db, card.id, ctx.nowIso());
    return { record: publicCard(card) };
  });

  app.post('/api/binyan/my/payments/quote', { config: { right: 'account.pay', terms: true } }, async (req) => {
    const body = parse(quoteBody, req.body);
    const { companyId } = authOf(req);
    const home = await myHome(db, req, body.apartmentId);
    const settings = await payableSettings(db, home.building.id, home.apartment.id);
    const card = await myCard(req, body.cardId);
    const lines = await linesOf(db, companyId, home.building.id, home.apartment.id, body.chargeIds, israelLocalDate(ctx.now()));
    return { quote: { ...quoteOf(lines, card, settings, israelLocalDate(ctx.now())), cardKind: card.cardKind, last4: card.last4 }, lines };
  });

  app.post('/api/binyan/my/payments', { config: { right: 'account.pay', terms: true } }, async (req, reply) => {
    const body = parse(payBody, req.body);
    const { companyId, user } = authOf(req);
    const answer = (p: Payment) =>
      reply
        .header('Idempotency-Key', p.id)
        .code(200)
        .send({ record: receiptOf(p), idempotencyKey: p.id });
    const guard = declineGuard(db, ctx, user.id, body.apartmentId);
    // A repeat of this intent (double tap, lost answer, reload): finish it if needed and answer its outcome.
    // Payment ids are global (the provider's key): another's id is refused before anything is sent.
    const existing = await payments.find(db, body.id);
    if (existing) return answer(await completePayment(pay, sameIntent(existing, companyId, user.id, body), user.userName, guard));
    const home = await myHome(db, req, body.apartmentId);
    const settings = await payableSettings(db, home.building.id, home.apartment.id);
    const card = await myCard(req, body.cardId);
    const date = israelLocalDate(ctx.now());
    const build = async (tx: Db): Promise<NewIntent> => {
      const lines = await linesOf(tx, companyId, home.building.id, home.apartment.id, body.chargeIds, israelLocalDate(ctx.now()));
      const quote = quoteOf(lines, card, settings, date);
      // What the tenant confirmed must be what is charged.
      if (quote.total !== body.expectedTotalAgorot) throw new ApiError(409, 'PAYMENT_CHANGED', 'paymentCannotContinue', { extra: { quote } });
      return {
        companyId,
        userId: user.id,
        buildingId: home.building.id,
        apartmentId: home.apartment.id,
        contactId: home.contact.id,
        chargeIds: body.chargeIds,
        lines,
        method: 'card',
        cardId: card.id,
        cardKind: card.cardKind,
        last4: card.last4,
        subtotalAgorot: quote.subtotal,
        feeNetAgorot: quote.feeNet,
        feeVatAgorot: quote.feeVat,
        totalAgorot: quote.total,
        vatBasisPoints: quote.vatBasisPoints,
        payerName: user.fullName,
        standingOrderId: null,
        period: null,
        date,
      };
    };
    // No declines left: nothing is recorded and nothing reaches the provider.
    const ahead = await takeAhead(guard);
    try {
      let recorded = await recordIntent(pay, body.id, build);
      if ('heldBy' in recorded) {
        // Another open intent pays some of these debts. One left long unfinished (a closed tab, a stopped
        // process) is finished first; a recent one is still being paid.
        if (recorded.heldBy.some((h) => !isStale(pay, h))) throw paymentInProgress();
        for (const stale of recorded.heldBy) await completePayment(pay, stale, user.userName, guard);
        recorded = await recordIntent(pay, body.id, build);
        if ('heldBy' in recorded) throw paymentInProgress();
      }
      const intent = recorded.created ? recorded.payment : sameIntent(recorded.payment, companyId, user.id, body);
      return answer(await completePayment(pay, intent, user.userName, ahead));
    } finally {
      await ahead.release();
    }
  });

  // The payment's outcome and receipt; a payment left pending (the tab closed mid-way) is finished here.
  app.get('/api/binyan/my/payments/:id', { config: { right: 'account.read' } }, async (req) => {
    const p = await myPayment(req, paramsOf(idParams, req).id);
    const { user } = authOf(req);
    return { record: receiptOf(await completePayment(pay, p, user.userName, declineGuard(db, ctx, user.id, p.apartmentId))) };
  });

  app.get('/api/binyan/payments', { config: { right: 'payments.read' } }, async (req) => {
    const b = await loadBuilding(db, req, queryOf(req).buildingId);
    const list = await payments.ofBuilding(db, authOf(req).companyId, b.id);
    const given = await refunds.ofPayments(
      db,
      list.map((p) => p.id),
    );
    return {
      records: list.map((p) => ({
        ...receiptOf(p),
        refundedAgorot: refundedOf(given.filter((r) => r.paymentId === p.id && r.status === 'succeeded')).refundedAgorot,
      })),
    };
  });
}
