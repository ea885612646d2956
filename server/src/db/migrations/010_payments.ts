// Tenants pay (issue 14): each building's card-payment settings, apartments held from paying (legal
// proceedings), tenants' saved cards (a provider token and what may be shown: last 4, expiry, kind —
// never the card number), payments (one row per payment intent, its id the device's idempotency key;
// a standing order's run is unique per order and period), standing orders, the reference clearing
// provider's own books (it stands in for a remote company), and registration links for tenants.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('billing_settings')
    .addColumn('buildingId', 'integer', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('cardPayments', types.bool, (c) => c.notNull())
    .addColumn('fixedAgorot', 'integer', (c) => c.notNull())
    .addColumn('percentBasisPoints', 'integer', (c) => c.notNull())
    .addColumn('vat', 'text', (c) => c.notNull())
    .addColumn('foreignCardFixedAgorot', 'integer', (c) => c.notNull())
    .addColumn('dinersAmexPercentBasisPoints', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('apartment_holds')
    .addColumn('apartmentId', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('saved_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('expiry', 'text', (c) => c.notNull())
    .addColumn('cardKind', 'text', (c) => c.notNull())
    // false: a card used for one payment only (the tenant chose not to keep its details).
    .addColumn('kept', types.bool, (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('deletedAt', types.instant)
    .execute();
  await db.schema.createIndex('saved_cards_user').on('saved_cards').columns(['companyId', 'userId']).execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userId', 'integer')
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('apartmentId', 'text', (c) => c.notNull())
    .addColumn('contactId', 'text')
    .addColumn('chargeIds', types.json, (c) => c.notNull())
    .addColumn('lines', types.json, (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('cardId', 'text')
    .addColumn('cardKind', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('subtotalAgorot', 'integer', (c) => c.notNull())
    .addColumn('feeNetAgorot', 'integer', (c) => c.notNull())
    .addColumn('feeVatAgorot', 'integer', (c) => c.notNull())
    .addColumn('totalAgorot', 'integer', (c) => c.notNull())
    .addColumn('vatBasisPoints', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('providerChargeId', 'text')
    .addColumn('errorKey', 'text')
    .addColumn('receiptNumber', 'integer')
    .addColumn('payerName', 'text', (c) => c.notNull())
    .addColumn('standingOrderId', 'text')
    .addColumn('period', 'text')
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_apartment').on('payments').columns(['companyId', 'apartmentId']).execute();
  await db.schema.createIndex('payments_building').on('payments').columns(['companyId', 'buildingId', 'date']).execute();
  // A standing order charges once per period, whichever process runs the job.
  await db.schema.createIndex('payments_standing_period').on('payments').columns(['standingOrderId', 'period']).unique().execute();

  await db.schema
    .createTable('standing_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('apartmentId', 'text', (c) => c.notNull())
    .addColumn('cardId', 'text', (c) => c.notNull())
    .addColumn('billingDay', 'integer', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('startDate', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('standing_orders_apartment').on('standing_orders').columns(['companyId', 'apartmentId']).execute();

  // The reference provider's own records (a real provider keeps these on its side).
  await db.schema
    .createTable('provider_cards')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('merchant', 'text', (c) => c.notNull())
    .addColumn('cardKind', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('expiry', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('provider_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant', 'text', (c) => c.notNull())
    .addColumn('idempotencyKey', 'text', (c) => c.notNull().unique())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('amountAgorot', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('refundedAgorot', 'integer', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tenant_links')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('apartmentId', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'tenant_links',
    'provider_charges',
    'provider_cards',
    'standing_orders',
    'payments',
    'saved_cards',
    'apartment_holds',
    'billing_settings',
  ])
    await db.schema.dropTable(table).execute();
}
