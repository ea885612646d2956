// A building's billing settings and apartments in legal proceedings (issue 14), changed by management
// staff online. The settings are what every card payment of the building is quoted with
// (payments/cardPayment.ts), so a change applies from the next quote; a held apartment's tenants are
// refused card payments until the hold is cleared.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { receiptIssuerKinds } from '../../../src/lib/domain/receiptIssuer.ts';
import { validateBillingSettings, validateHoldReason, vatModes } from '../../../src/lib/domain/billingSettingsRules.ts';
import type { AppContext } from '../context.ts';
import { apartments } from '../data/buildings.ts';
import { apartmentHolds, billingSettings } from '../data/payments.ts';
import { loadBuilding, loadOwned, queryOf } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { defineCommand } from '../http/command.ts';
import { buildingParams, idParams, paramsOf } from '../http/params.ts';

const settingsBody = z.object({
  baseVersion: z.number().int().min(0),
  settings: z.object({
    cardPayments: z.boolean(),
    // Absent from a client older than migration 032: it keeps the stored choice (see the PUT).
    refuseRoomsWithDebt: z.boolean().optional(),
    // Absent from a client older than migration 038: it keeps the stored issuer.
    receiptIssuer: z.enum(receiptIssuerKinds).optional(),
    fixedAgorot: z.number(),
    percentBasisPoints: z.number(),
    vat: z.enum(vatModes),
    foreignCardFixedAgorot: z.number(),
    dinersAmexPercentBasisPoints: z.number(),
  }),
});

const holdBody = z.object({ reason: z.string() });

export function billingSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/buildings/:bid/billing-settings', { config: { right: 'billingSettings.read' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { record: await billingSettings.record(db, building.id) };
  });

  app.get('/api/binyan/apartment-holds', { config: { right: 'apartments.hold' } }, async (req) => {
    const building = await loadBuilding(db, req, queryOf(req).buildingId);
    return { records: await apartmentHolds.ofBuilding(db, authOf(req).companyId, building.id) };
  });

  app.delete('/api/binyan/apartments/:id/hold', { config: { right: 'apartments.hold' } }, async (req, reply) =>
    runMutation(ctx, req, reply, async (tx) => {
      const apartment = await loadOwned(tx, req, apartments, paramsOf(idParams, req).id);
      await apartmentHolds.clear(tx, apartment.id);
      return { record: { apartmentId: apartment.id, held: false } };
    }),
  );
}

export const billingSettingsCommands = [
  // The whole settings at once, against the version the editor started from (409 with the current ones).
  defineCommand({
    method: 'PUT',
    url: '/api/binyan/buildings/:bid/billing-settings',
    right: 'billingSettings.edit',
    params: buildingParams,
    body: settingsBody,
    check: ({ body }) => {
      enforce(validateBillingSettings(body.settings));
    },
    change: async (tx, { ctx, req, params, body }) => {
      const building = await loadBuilding(tx, req, params.bid);
      const current = await billingSettings.record(tx, building.id);
      if (current.version !== body.baseVersion) throw fail.conflict(current);
      await billingSettings.replace(
        tx,
        authOf(req).companyId,
        building.id,
        {
          ...body.settings,
          refuseRoomsWithDebt: body.settings.refuseRoomsWithDebt ?? current.refuseRoomsWithDebt,
          receiptIssuer: body.settings.receiptIssuer ?? current.receiptIssuer,
        },
        current.version + 1,
        ctx.nowIso(),
      );
      return { record: await billingSettings.record(tx, building.id) };
    },
  }),

  // Setting a held apartment's hold again replaces its reason; clearing one that is not held answers the same.
  defineCommand({
    method: 'PUT',
    url: '/api/binyan/apartments/:id/hold',
    right: 'apartments.hold',
    params: idParams,
    body: holdBody,
    check: ({ body }) => {
      enforce(validateHoldReason(body.reason));
    },
    change: async (tx, { ctx, req, params, body }) => {
      const apartment = await loadOwned(tx, req, apartments, params.id);
      const { companyId, user } = authOf(req);
      await apartmentHolds.set(tx, companyId, apartment.id, body.reason.trim(), user.id, ctx.nowIso());
      return { record: await apartmentHolds.of(tx, companyId, apartment.id) };
    },
  }),
];
