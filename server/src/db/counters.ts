// Named counters (table `counters`, migration 008): the next call number, the next payment group id.
// One prepared upsert takes the next value atomically; `above` covers rows written without the counter
// (the demo seed, bulk data), so a number is never handed out twice. One statement, one round trip.
import { sql } from 'kysely';
import type { Expression, Kysely } from 'kysely';
import type { Counter, Db, StatementDef } from './database.ts';
import type { DB } from './schema.ts';

/**
 * Counters handing out `from`, `from + 1`, … and always more than `above(q, ...args)`: the highest
 * number rows already use (a query selecting `max`). Each counter has a name (e.g. one per company).
 */
export function counter<A extends unknown[]>(
  from: number,
  above: (q: Kysely<DB>, ...args: A) => Expression<{ max: number | null }>,
  arity: number,
): Counter<A> {
  const build = (q: Kysely<DB>, name: string, ...args: A) => {
    // max + 1 when some row is at or past `from`, else `from`. Two scalar subqueries rather than one
    // derived table: SQLite answers `max` of an index prefix from the index alone only in that form.
    const used = sql<number>`coalesce((${above(q, ...args)}), 0)`;
    const next = sql<number>`case when ${used} >= ${from} then ${used} + 1 else ${from} end`;
    return q
      .insertInto('counters')
      .values({ name, value: next })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet((eb) => ({
          value: eb
            .case()
            .when('counters.value', '>=', eb.ref('excluded.value'))
            .then(eb('counters.value', '+', 1))
            .else(eb.ref('excluded.value'))
            .end(),
        })),
      )
      .returning('value');
  };
  return { build: build as unknown as StatementDef['build'], arity: arity + 1 };
}

/** The next value of counter `name`, taken on `db` (the engine decides which connection that is). */
export async function nextNumberIn<A extends unknown[]>(db: Db, kind: Counter<A>, name: string, args: A): Promise<number> {
  const row = (await db.exec(kind, [name, ...args], 'first')) as { value: number } | undefined;
  if (!row) throw new Error(`counter ${name} returned no value`);
  return Number(row.value);
}
