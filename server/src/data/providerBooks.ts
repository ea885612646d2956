// The reference clearing provider's own books (payments/referenceProvider.ts): its card-entry sessions,
// cards, charges and refunds, in tables no route reads. A real provider keeps these at its own end.
import type { Db } from '../db/database.ts';
import type { ProviderCardEntryTable, ProviderCardTable, ProviderChargeTable, ProviderRefundTable } from '../db/schema.ts';

type EntryMove = { status: string; token?: string | null; failure?: string | null };

export const providerEntries = {
  find: (db: Db, id: string) => db.first(db.q.selectFrom('provider_card_entries').selectAll().where('id', '=', id)),
  /** The merchant's session for this reference. */
  ofMerchant: (db: Db, id: string, merchant: string, reference: string) =>
    db.first(db.q.selectFrom('provider_card_entries').selectAll().where('id', '=', id).where('merchant', '=', merchant).where('reference', '=', reference)),
  insert: (db: Db, entry: ProviderCardEntryTable) => db.run(db.q.insertInto('provider_card_entries').values(entry)),
  /** Moves a session on from `from`; false when it was no longer there (another call moved it first). */
  move: async (db: Db, id: string, from: string, to: EntryMove): Promise<boolean> =>
    (await db.run(db.q.updateTable('provider_card_entries').set(to).where('id', '=', id).where('status', '=', from))).changes > 0,
  countRedeemed: async (db: Db, merchant: string): Promise<number> =>
    (await db.all(db.q.selectFrom('provider_card_entries').select('id').where('merchant', '=', merchant).where('status', '=', 'redeemed'))).length,
};

export const providerCards = {
  byToken: (db: Db, token: string) => db.first(db.q.selectFrom('provider_cards').selectAll().where('token', '=', token)),
  ofMerchant: (db: Db, token: string, merchant: string) => db.first(db.q.selectFrom('provider_cards').selectAll().where('token', '=', token).where('merchant', '=', merchant)),
  insert: (db: Db, card: ProviderCardTable) => db.run(db.q.insertInto('provider_cards').values(card)),
  countOfMerchant: async (db: Db, merchant: string): Promise<number> => (await db.all(db.q.selectFrom('provider_cards').select('token').where('merchant', '=', merchant))).length,
};

export const providerCharges = {
  byId: (db: Db, id: string, merchant: string) => db.first(db.q.selectFrom('provider_charges').selectAll().where('id', '=', id).where('merchant', '=', merchant)),
  ofMerchantKey: (db: Db, merchant: string, idempotencyKey: string) =>
    db.first(db.q.selectFrom('provider_charges').select(['id', 'amountAgorot']).where('idempotencyKey', '=', idempotencyKey).where('merchant', '=', merchant)),
  byKey: (db: Db, idempotencyKey: string) => db.first(db.q.selectFrom('provider_charges').selectAll().where('idempotencyKey', '=', idempotencyKey)),
  /** One charge per key: a repeat (or a concurrent twin) leaves the first one. */
  insertOnce: (db: Db, charge: ProviderChargeTable) =>
    db.run(
      db.q
        .insertInto('provider_charges')
        .values(charge)
        .onConflict((oc) => oc.column('idempotencyKey').doNothing()),
    ),
  setRefunded: (db: Db, id: string, refundedAgorot: number) => db.run(db.q.updateTable('provider_charges').set({ refundedAgorot }).where('id', '=', id)),
  countOfKey: async (db: Db, idempotencyKey: string): Promise<number> =>
    (await db.all(db.q.selectFrom('provider_charges').select('id').where('idempotencyKey', '=', idempotencyKey))).length,
  countOfMerchant: async (db: Db, merchant: string): Promise<number> => (await db.all(db.q.selectFrom('provider_charges').select('id').where('merchant', '=', merchant))).length,
};

export const providerRefunds = {
  byKey: (db: Db, idempotencyKey: string) => db.first(db.q.selectFrom('provider_refunds').selectAll().where('idempotencyKey', '=', idempotencyKey)),
  insert: (db: Db, refund: ProviderRefundTable) => db.run(db.q.insertInto('provider_refunds').values(refund)),
};
