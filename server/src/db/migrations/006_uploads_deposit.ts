// Deposit confirmation: how many calls a group started in the current hour (a cap), and the answer of
// the first successful confirm (a repeat returns it and changes nothing).
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .alterTable('deposit_confirmations')
    .addColumn('startCount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('deposit_confirmations').addColumn('startWindowAt', types.instant).execute();
  await db.schema.alterTable('deposit_confirmations').addColumn('answer', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['answer', 'startWindowAt', 'startCount']) await db.schema.alterTable('deposit_confirmations').dropColumn(column).execute();
}
