// The one ledger of a building (issues 14 and 15): every money movement is one row — opening balance,
// a charge to an apartment (the spec's debts), a payment with what it settles, an expense, other
// income, a petty-cash movement — so balances and every report are queries over one table. Amounts
// are positive whole agorot; the kind gives the direction (src/lib/domain/ledger.ts). The existing
// debts become charges with the same ids (the check payments name them), paid ones with their payment.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

type DebtRow = {
  id: string;
  companyId: number;
  buildingId: number;
  apartmentId: string;
  contactId: string;
  kind: string;
  description: string;
  amount: number;
  dueDate: string;
  paid: number | boolean;
  updatedAt: string;
};

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('amountAgorot', 'integer', (c) => c.notNull().check(sql`"amountAgorot" >= 0`))
    .addColumn('apartmentId', 'text')
    .addColumn('contactId', 'text')
    .addColumn('debtKind', 'text')
    .addColumn('dueDate', 'text')
    .addColumn('groupName', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('settles', types.json, (c) => c.notNull())
    // What produced the row (a card payment, a check group, an expense, a booking fee…): posting the
    // same source twice is refused by the unique index below, so a retried posting cannot double money.
    .addColumn('sourceKind', 'text')
    .addColumn('sourceId', 'text')
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_building_date').on('ledger_entries').columns(['companyId', 'buildingId', 'date']).execute();
  await db.schema.createIndex('ledger_apartment').on('ledger_entries').columns(['companyId', 'apartmentId']).execute();
  await db.schema.createIndex('ledger_source').on('ledger_entries').columns(['companyId', 'sourceKind', 'sourceId', 'kind']).unique().execute();

  const debts = (await (db as unknown as Kysely<{ debts: DebtRow }>).selectFrom('debts').selectAll().execute()) as DebtRow[];
  const ledger = db as unknown as Kysely<{ ledger_entries: Record<string, unknown> }>;
  for (const d of debts) {
    const amountAgorot = Math.round(Number(d.amount) * 100);
    const base = {
      companyId: d.companyId,
      buildingId: d.buildingId,
      apartmentId: d.apartmentId,
      contactId: d.contactId,
      groupName: null,
      createdBy: 'migration',
      version: 1,
    };
    const when = new Date(d.updatedAt).toISOString();
    await ledger
      .insertInto('ledger_entries')
      .values({
        ...base,
        id: d.id,
        kind: 'charge',
        date: d.dueDate,
        amountAgorot,
        debtKind: d.kind,
        dueDate: d.dueDate,
        description: d.description,
        settles: '[]',
        sourceKind: 'debt',
        sourceId: d.id,
        createdAt: when,
        updatedAt: when,
      })
      .execute();
    if (d.paid === 1 || d.paid === true) {
      await ledger
        .insertInto('ledger_entries')
        .values({
          ...base,
          id: `${d.id}:paid`,
          kind: 'payment',
          date: when.slice(0, 10),
          amountAgorot,
          debtKind: null,
          dueDate: null,
          description: d.description,
          settles: JSON.stringify([{ chargeId: d.id, amountAgorot }]),
          sourceKind: 'debtPaid',
          sourceId: d.id,
          createdAt: when,
          updatedAt: when,
        })
        .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_entries').execute();
}
