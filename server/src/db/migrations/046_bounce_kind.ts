// A bounced check is a ledger movement of its own kind (issue 29 §5): migration 037 wrote a bounce as
// kind 'refund' with source 'checkBounce', so readers told it from a refund by its source, and the
// income and expenses book counted it as money given back. The rows keep their id, amount, date, what
// they reopen and their source; only the kind changes (the unique source index includes the kind, and
// one check has one reversal, so no two rows can meet). The version moves so a device that holds the
// row takes the new one (the change log's trigger records the update like any other).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

type Tables = { ledger_entries: { kind: string; sourceKind: string | null; version: number } };

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  await db
    .updateTable('ledger_entries')
    .set({ kind: 'bounce', version: sql<number>`${sql.ref('version')} + 1` })
    .where('sourceKind', '=', 'checkBounce')
    .where('kind', '=', 'refund')
    .execute();
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  await db
    .updateTable('ledger_entries')
    .set({ kind: 'refund', version: sql<number>`${sql.ref('version')} + 1` })
    .where('sourceKind', '=', 'checkBounce')
    .where('kind', '=', 'bounce')
    .execute();
}
