// Corrections and receipts (issue 29 items 6 and 9). Credits are ledger rows (kind 'credit', source
// 'credit'), so they need no table. Receipts are numbered per issuer — the management company
// (`company:<id>`) or the building's house committee (`committee:<building id>`), as the building's
// billing settings say — and a refund gets a credit document numbered in its issuer's own credit sequence.
// Each number is taken in the transaction that records the receipt or the refund's outcome, and the
// unique indexes make a number, once used, never used again by that issuer.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('billing_settings')
    .addColumn('receiptIssuer', 'text', (c) => c.notNull().defaultTo('company'))
    .execute();
  await db.schema.alterTable('payments').addColumn('receiptIssuer', 'text').execute();
  // The receipts issued so far were the management company's (one sequence per company).
  await sql`update payments set "receiptIssuer" = 'company:' || cast("companyId" as text) where "receiptNumber" is not null`.execute(db);
  await db.schema.createIndex('payments_receipt_number').on('payments').columns(['receiptIssuer', 'receiptNumber']).unique().execute();
  await db.schema.alterTable('payment_refunds').addColumn('creditIssuer', 'text').execute();
  await db.schema.alterTable('payment_refunds').addColumn('creditNumber', 'integer').execute();
  await db.schema.createIndex('payment_refunds_credit_number').on('payment_refunds').columns(['creditIssuer', 'creditNumber']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_refunds_credit_number').execute();
  await db.schema.alterTable('payment_refunds').dropColumn('creditNumber').execute();
  await db.schema.alterTable('payment_refunds').dropColumn('creditIssuer').execute();
  await db.schema.dropIndex('payments_receipt_number').execute();
  await db.schema.alterTable('payments').dropColumn('receiptIssuer').execute();
  await db.schema.alterTable('billing_settings').dropColumn('receiptIssuer').execute();
}
