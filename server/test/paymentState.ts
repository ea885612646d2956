// What a card payment left in the server's database that no answer shows: the provider's own charges.
import { openDatabase } from '../src/db/open.ts';
import { providerChargesOf } from '../src/payments/referenceProvider.ts';
import type { TestServer } from './harness.ts';

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
    if (held) await db.run(db.q.insertInto('apartment_holds').values({ apartmentId, companyId: 1001, reason: 'legalProceedings', createdAt: new Date().toISOString() }));
    else await db.run(db.q.deleteFrom('apartment_holds').where('apartmentId', '=', apartmentId));
  } finally {
    await db.close();
  }
}
