// Each check's own life (issue 29 §5): one row per check of a confirmed payment, its status
// (received → deposited → cleared or bounced) with who moved it and when; and the building's bounce fee,
// a dated setting (a change is a new row from its date on, never an edit). What a bounce reopens is a
// ledger row (kind 'refund', source 'checkBounce', id of the check) and its fee a charge (source
// 'checkBounceFee'): the ledger's unique source index makes each one once, however many bounce at once.
// The checks of payments confirmed before this migration start as received.
import type { Kysely } from 'kysely';
import { agorotOf } from '../../../../src/lib/agorot.ts';
import type { MigrationEnv } from './env.ts';

type CheckRow = {
  CheckGuid: string;
  ChecksHeaderGuid: string;
  Amount: number;
  DepositDate: string;
  CheckNumber: string | null;
  BankNumber: string | null;
  companyId: number;
};
type Tables = {
  checks: CheckRow;
  deposit_confirmations: { ChecksHeaderGuid: string; confirmedAt: string | null; userName: string };
  ledger_entries: {
    id: string;
    companyId: number;
    buildingId: number;
    apartmentId: string | null;
    sourceKind: string | null;
    sourceId: string | null;
    kind: string;
  };
  check_life: Record<string, unknown>;
};

export async function up(untyped: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await untyped.schema
    .createTable('check_life')
    .addColumn('CheckGuid', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('apartmentId', 'text')
    .addColumn('ChecksHeaderGuid', 'text', (c) => c.notNull())
    .addColumn('paymentId', 'text', (c) => c.notNull())
    .addColumn('amountAgorot', 'integer', (c) => c.notNull())
    .addColumn('depositDate', 'text', (c) => c.notNull())
    .addColumn('checkNumber', 'text')
    .addColumn('bankNumber', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('receivedAt', types.instant, (c) => c.notNull())
    .addColumn('receivedBy', 'text', (c) => c.notNull())
    .addColumn('depositedAt', types.instant)
    .addColumn('depositedBy', 'text')
    .addColumn('clearedAt', types.instant)
    .addColumn('clearedBy', 'text')
    .addColumn('bouncedAt', types.instant)
    .addColumn('bouncedBy', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', types.instant, (c) => c.notNull())
    .execute();
  await untyped.schema.createIndex('check_life_building').on('check_life').columns(['companyId', 'buildingId', 'status', 'depositDate']).execute();
  await untyped.schema.createIndex('check_life_apartment').on('check_life').columns(['companyId', 'apartmentId']).execute();

  await untyped.schema
    .createTable('check_bounce_fees')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('effectiveFrom', 'text', (c) => c.notNull())
    .addColumn('amountAgorot', 'integer', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .execute();
  await untyped.schema.createIndex('check_bounce_fees_building').on('check_bounce_fees').columns(['companyId', 'buildingId', 'effectiveFrom']).execute();

  const db = untyped as unknown as Kysely<Tables>;
  const confirmed = await db
    .selectFrom('deposit_confirmations')
    .select(['ChecksHeaderGuid', 'confirmedAt', 'userName'])
    .where('confirmedAt', 'is not', null)
    .execute();
  for (const group of confirmed) {
    const payment = await db
      .selectFrom('ledger_entries')
      .select(['id', 'companyId', 'buildingId', 'apartmentId'])
      .where('sourceKind', '=', 'checkGroup')
      .where('sourceId', '=', group.ChecksHeaderGuid)
      .where('kind', '=', 'payment')
      .executeTakeFirst();
    if (!payment || !group.confirmedAt) continue;
    const at = new Date(group.confirmedAt).toISOString();
    for (const c of await db.selectFrom('checks').selectAll().where('ChecksHeaderGuid', '=', group.ChecksHeaderGuid).execute()) {
      await db
        .insertInto('check_life')
        .values({
          CheckGuid: c.CheckGuid,
          companyId: payment.companyId,
          buildingId: payment.buildingId,
          apartmentId: payment.apartmentId,
          ChecksHeaderGuid: c.ChecksHeaderGuid,
          paymentId: payment.id,
          amountAgorot: agorotOf(Number(c.Amount)),
          depositDate: c.DepositDate,
          checkNumber: c.CheckNumber,
          bankNumber: c.BankNumber,
          status: 'received',
          receivedAt: at,
          receivedBy: group.userName,
          version: 1,
          updatedAt: at,
        })
        .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('check_bounce_fees').execute();
  await db.schema.dropTable('check_life').execute();
}
