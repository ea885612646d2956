// What a card payment left in the server's database that no answer shows: the provider's own charges.
import { randomUUID } from 'node:crypto';
import { checkGroupText } from '../../src/lib/domain/ledgerText.ts';
import { openDatabase } from '../src/db/open.ts';
import type { Payment } from '../src/data/payments.ts';
import { paymentReservations, payments } from '../src/data/payments.ts';
import { postPayment } from '../src/money/postPayment.ts';
import { providerChargesOf } from '../src/payments/referenceProvider.ts';
import type { TestServer, TestServerOptions } from './harness.ts';

/**
 * Card limits wide enough for a test file that saves many cards and pays many times as one tenant (the
 * defaults, a handful a day, are what the card-limit tests prove).
 */
export const roomyCardLimits: TestServerOptions['usageLimits'] = {
  cardTokenizationsPerUser: { max: 1000, windowMs: 60_000 },
  cardTokenizationsPerApartment: { max: 1000, windowMs: 60_000 },
  cardDeclinesPerUser: { max: 1000, windowMs: 60_000 },
  cardDeclinesPerApartment: { max: 1000, windowMs: 60_000 },
};

/** How many charges the reference provider holds for a payment (its id is the provider's idempotency key). */
export async function providerCharges(server: TestServer, paymentId: string): Promise<number> {
  const db = openDatabase(server.database);
  try {
    return await providerChargesOf(db, paymentId);
  } finally {
    await db.close();
  }
}

/** Switches a building's card payments on or off, or puts an apartment in legal proceedings. */
export async function setCardPayments(server: TestServer, buildingId: number, on: boolean): Promise<void> {
  const db = openDatabase(server.database);
  try {
    await db.run(db.q.updateTable('billing_settings').set({ cardPayments: on }).where('buildingId', '=', buildingId));
  } finally {
    await db.close();
  }
}

export async function holdApartment(server: TestServer, apartmentId: string, held: boolean): Promise<void> {
  const db = openDatabase(server.database);
  try {
    if (held)
      await db.run(
        db.q.insertInto('apartment_holds').values({ apartmentId, companyId: 1001, reason: 'legalProceedings', createdAt: new Date().toISOString() }),
      );
    else await db.run(db.q.deleteFrom('apartment_holds').where('apartmentId', '=', apartmentId));
  } finally {
    await db.close();
  }
}

/** A payment intent left pending, holding its charges, as a process stopped after recording it leaves one. */
export async function leavePendingIntent(server: TestServer, intent: Payment): Promise<void> {
  const db = openDatabase(server.database);
  try {
    await db.tx(async (tx) => {
      await payments.insertOnce(tx, intent);
      await paymentReservations.hold(tx, intent.companyId, intent.id, intent.chargeIds, intent.createdAt);
    });
  } finally {
    await db.close();
  }
}

/** The charges a payment intent holds (none once it has its outcome). */
export async function heldCharges(server: TestServer, paymentId: string): Promise<string[]> {
  const db = openDatabase(server.database);
  try {
    return await paymentReservations.ofPayment(db, paymentId);
  } finally {
    await db.close();
  }
}

/** The office records checks that pay a charge (another way than the tenant's card). */
export async function payByChecks(server: TestServer, at: { buildingId: number; apartmentId: string; chargeId: string; amountAgorot: number }): Promise<void> {
  const db = openDatabase(server.database);
  const id = randomUUID();
  try {
    await db.tx((tx) =>
      postPayment(tx, {
        id,
        companyId: 1001,
        buildingId: at.buildingId,
        apartmentId: at.apartmentId,
        contactId: null,
        amountAgorot: at.amountAgorot,
        chargeIds: [at.chargeId],
        date: '2026-01-01',
        text: checkGroupText('1'),
        description: 'Checks',
        sourceKind: 'checkGroup',
        sourceId: id,
        createdBy: 'test',
        nowIso: new Date().toISOString(),
      }),
    );
  } finally {
    await db.close();
  }
}
