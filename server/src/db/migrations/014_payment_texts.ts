// Tenants pay, continued (issue 14): ledger rows the system posts carry a message key and params instead
// of English literal text (rows posted before are given theirs from that text); card payments can be
// refunded, each refund once per its idempotency key (at the provider too), with what the provider answered.
import type { Kysely } from 'kysely';
import { readLegacyText } from '../../../../src/lib/domain/ledgerText.ts';
import type { MigrationEnv } from './env.ts';

type Row = { id: string; sourceKind: string | null; description: string };

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema.alterTable('ledger_entries').addColumn('descriptionKey', 'text').execute();
  await db.schema.alterTable('ledger_entries').addColumn('descriptionParams', types.json).execute();
  const ledger = db as unknown as Kysely<{ ledger_entries: Row & { descriptionKey: string | null; descriptionParams: string | null } }>;
  const rows = await ledger
    .selectFrom('ledger_entries')
    .select(['id', 'sourceKind', 'description'])
    .where('sourceKind', 'in', ['cardPayment', 'standingOrderRun', 'checkGroup'])
    .execute();
  for (const r of rows) {
    const text = readLegacyText(r.sourceKind, r.description);
    if (text)
      await ledger
        .updateTable('ledger_entries')
        .set({ descriptionKey: text.descriptionKey, descriptionParams: JSON.stringify(text.descriptionParams) })
        .where('id', '=', r.id)
        .execute();
  }

  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('paymentId', 'text', (c) => c.notNull())
    .addColumn('amountAgorot', 'integer', (c) => c.notNull())
    // The part of the refund that reopens the debts the payment settled (the fee is not in the ledger).
    .addColumn('ledgerAgorot', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('errorKey', 'text')
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('provider_refunds')
    .addColumn('idempotencyKey', 'text', (c) => c.primaryKey())
    .addColumn('chargeId', 'text', (c) => c.notNull())
    .addColumn('amountAgorot', 'integer', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_refunds_payment').on('payment_refunds').columns(['paymentId']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider_refunds').execute();
  await db.schema.dropTable('payment_refunds').execute();
  await db.schema.alterTable('ledger_entries').dropColumn('descriptionParams').execute();
  await db.schema.alterTable('ledger_entries').dropColumn('descriptionKey').execute();
}
