// After a tenant paid (issue 14): the receipt as a PDF in the reader's language, and each refund's credit
// document (issue 29), fetched by the payer's apartment's tenants and the office of the building; and
// refunds of a card payment by management staff, each exactly once per its id (the request's
// Idempotency-Key). Both need the connection.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { apartments, buildings } from '../data/buildings.ts';
import type { Payment, Refund } from '../data/payments.ts';
import { payments, refundedOf, refunds } from '../data/payments.ts';
import { companies } from '../data/users.ts';
import { loadBuilding, queryOf } from '../http/access.ts';
import { ApiError, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { mayDo } from '../http/rights.ts';
import { parse } from '../http/validate.ts';
import { tenantHomes } from '../money/tenantAccount.ts';
import { refundPayment } from '../payments/refund.ts';
import { creditPdf, receiptPdf } from '../payments/receiptPdf.ts';
import { receiptLanguageOf } from '../payments/receiptTexts.ts';
import { idParams, paramsOf } from '../http/params.ts';

const refundParams = z.object({ id: z.string(), refundId: z.string() });

const refundBody = z.object({ id: z.uuid(), amountAgorot: z.number().int() });

export const publicRefund = (r: Refund) => ({
  id: r.id,
  paymentId: r.paymentId,
  amountAgorot: r.amountAgorot,
  status: r.status,
  errorKey: r.errorKey,
  createdBy: r.createdBy,
  createdAt: r.createdAt,
});

export function receiptRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** The payment, when the caller is the office of its building or a tenant of its apartment. */
  const visiblePayment = async (req: FastifyRequest, id: string): Promise<Payment> => {
    const { companyId, user } = authOf(req);
    const p = await payments.find(db, id);
    if (!p || p.companyId !== companyId) throw fail.notFound();
    if (mayDo(req, 'payments.read')) await loadBuilding(db, req, p.buildingId);
    else if (p.userId !== user.id && !(await tenantHomes(db, req)).some((h) => h.apartment.id === p.apartmentId)) throw fail.notFound();
    return p;
  };

  app.get('/api/binyan/payments/:id/receipt.pdf', { config: { right: 'receipts.read' } }, async (req, reply) => {
    const p = await visiblePayment(req, paramsOf(idParams, req).id);
    if (p.status !== 'succeeded' || p.receiptNumber === null) throw new ApiError(404, 'NO_RECEIPT', 'noReceipt');
    const apartment = (await apartments.find(db, p.apartmentId))?.entity;
    const building = (await buildings.find(db, p.buildingId))?.entity;
    const pdf = await receiptPdf(
      {
        payment: p,
        apartment: { number: apartment?.number ?? '', address: building?.address ?? '', city: building?.city ?? '' },
        companyName: (await companies.byId(db, p.companyId))?.name ?? null,
        refundedAgorot: refundedOf((await refunds.ofPayment(db, p.id)).filter((r) => r.status === 'succeeded')).refundedAgorot,
        madeAt: new Date(p.updatedAt),
      },
      receiptLanguageOf(queryOf(req).lang),
    );
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="receipt-${p.receiptNumber}.pdf"`)
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });

  // A refund's credit document (issue 29): read by whoever may read the payment's receipt.
  app.get('/api/binyan/payments/:id/refunds/:refundId/credit.pdf', { config: { right: 'receipts.read' } }, async (req, reply) => {
    const params = paramsOf(refundParams, req);
    const p = await visiblePayment(req, params.id);
    const refund = (await refunds.ofPayment(db, p.id)).find((r) => r.id === params.refundId);
    if (!refund || refund.status !== 'succeeded' || refund.creditNumber === null) throw fail.notFound();
    const apartment = (await apartments.find(db, p.apartmentId))?.entity;
    const building = (await buildings.find(db, p.buildingId))?.entity;
    const pdf = await creditPdf(
      {
        payment: p,
        refund,
        apartment: { number: apartment?.number ?? '', address: building?.address ?? '', city: building?.city ?? '' },
        companyName: (await companies.byId(db, p.companyId))?.name ?? null,
      },
      receiptLanguageOf(queryOf(req).lang),
    );
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="credit-${refund.creditNumber}.pdf"`)
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });

  app.get('/api/binyan/payments/:id/refunds', { config: { right: 'payments.read' } }, async (req) => {
    const p = await visiblePayment(req, paramsOf(idParams, req).id);
    return { records: (await refunds.ofPayment(db, p.id)).map(publicRefund) };
  });

  app.post('/api/binyan/payments/:id/refunds', { config: { right: 'payments.refund' } }, async (req, reply) => {
    const body = parse(refundBody, req.body);
    const p = await visiblePayment(req, paramsOf(idParams, req).id);
    const refund = await refundPayment(ctx, p, { id: body.id, amountAgorot: body.amountAgorot, createdBy: authOf(req).user.userName });
    if (refund.status === 'failed') throw new ApiError(422, 'REFUND_FAILED', 'refundFailed', { extra: { record: publicRefund(refund) } });
    return reply
      .header('Idempotency-Key', refund.id)
      .code(200)
      .send({ record: publicRefund(refund) });
  });
}
