// Issue 27, money: a charge is paid by one open payment at a time. A payment intent reserves each charge
// it pays in the transaction that records it (the primary key refuses a second open intent on the same
// charge, whichever server process records it); the reservation goes when the intent has its outcome.
// Intents still pending when this runs reserve their charges here (the first one of a charge keeps it).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

type PendingIntent = { id: string; companyId: number; chargeIds: unknown; createdAt: unknown };

const chargeIdsOf = (value: unknown): string[] => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
};

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('payment_reservations')
    .addColumn('chargeId', 'text', (c) => c.primaryKey())
    .addColumn('paymentId', 'text', (c) => c.notNull())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_reservations_payment').on('payment_reservations').column('paymentId').execute();

  const pending =
    await sql<PendingIntent>`select "id", "companyId", "chargeIds", "createdAt" from "payments" where "status" = 'pending' order by "createdAt", "id"`.execute(
      db,
    );
  const taken = new Set<string>();
  for (const p of pending.rows) {
    for (const chargeId of chargeIdsOf(p.chargeIds)) {
      if (taken.has(chargeId)) continue;
      taken.add(chargeId);
      const createdAt = p.createdAt instanceof Date ? p.createdAt.toISOString() : String(p.createdAt);
      await sql`insert into "payment_reservations" ("chargeId", "paymentId", "companyId", "createdAt") values (${chargeId}, ${p.id}, ${p.companyId}, ${createdAt})`.execute(
        db,
      );
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_reservations').execute();
}
