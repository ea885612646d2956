// The committee's books (issue 15): expenses with their invoice (each also posts one 'expense' row to
// the ledger of migration 009), the yearly budget per group, suppliers and their quotes (bids).
// Amounts are whole agorot. A supplier's invoice number is recorded once: `invoiceKey` (supplier +
// normalized number, src/lib/domain/books.ts) is unique per company, so two devices racing lose one.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('expenses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amountAgorot', 'integer', (c) => c.notNull())
    .addColumn('group', 'text', (c) => c.notNull())
    .addColumn('supplierId', 'text')
    .addColumn('invoiceNumber', 'text')
    .addColumn('invoiceKey', 'text')
    .addColumn('invoiceDate', 'text')
    .addColumn('invoiceAmountAgorot', 'integer')
    .addColumn('dueDate', 'text')
    .addColumn('reference', 'text')
    .addColumn('attachmentId', 'text')
    .addColumn('bidId', 'text')
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('expenses_building_date').on('expenses').columns(['companyId', 'buildingId', 'date']).execute();
  await db.schema.createIndex('expenses_invoice').on('expenses').columns(['companyId', 'invoiceKey']).unique().execute();

  await db.schema
    .createTable('budget_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('group', 'text', (c) => c.notNull())
    .addColumn('amountAgorot', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('budget_lines_group').on('budget_lines').columns(['buildingId', 'year', 'group']).unique().execute();

  await db.schema
    .createTable('suppliers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('buildingIds', types.json, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('suppliers_company').on('suppliers').columns(['companyId', 'name']).execute();

  await db.schema
    .createTable('bids')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('supplierId', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('amountAgorot', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('attachmentId', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('approvedBy', 'text')
    .addColumn('approvedAt', types.instant)
    .addColumn('expenseId', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bids_building').on('bids').columns(['companyId', 'buildingId', 'date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bids', 'suppliers', 'budget_lines', 'expenses']) await db.schema.dropTable(table).execute();
}
