// Named counters (table `counters`, migration 008): the next call number, the next payment group id.
// One upsert takes the next value atomically; `above` covers rows written without the counter (the
// demo seed, bulk data), so a number is never handed out twice. One statement, one round trip.
import { sql } from 'kysely';
import type { Expression, Kysely } from 'kysely';
import type { Db } from './database.ts';
import type { DB } from './schema.ts';

export type CounterRange = {
  /** The first number the counter hands out. */
  from: number;
  /** The highest number already used by rows (a scalar subquery); the next one is above it. */
  above: (q: Kysely<DB>) => Expression<{ max: number | null }>;
};

/** The counter's next value, taken on `db` (the engine decides which connection that is). */
export async function nextNumberIn(db: Db, counter: string, range: CounterRange): Promise<number> {
  const used = sql<number>`coalesce((${range.above(db.q)}), 0)`;
  const next = sql<number>`case when ${used} >= ${range.from} then ${used} + 1 else ${range.from} end`;
  const row = await db.first(
    db.q
      .insertInto('counters')
      .values({ name: counter, value: next })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet((eb) => ({
          value: eb.case().when('counters.value', '>=', eb.ref('excluded.value')).then(eb('counters.value', '+', 1)).else(eb.ref('excluded.value')).end(),
        })),
      )
      .returning('value'),
  );
  if (!row) throw new Error(`counter ${counter} returned no value`);
  return Number(row.value);
}
