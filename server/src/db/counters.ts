// Named counters (table `counters`, migration 008): the next call number, the next payment group id.
// One upsert takes the next value atomically; `atLeast` covers rows written without the counter (the
// demo seed, bulk data), so a number is never handed out twice.
import type { Db } from './database.ts';
import { statement } from './database.ts';

const take = statement((q, name: string, floor: number) =>
  q
    .insertInto('counters')
    .values({ name, value: floor })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        value: eb.case().when('counters.value', '>=', eb.ref('excluded.value')).then(eb('counters.value', '+', 1)).else(eb.ref('excluded.value')).end(),
      })),
    )
    .returning('value'),
);

/** The counter's next value, taken on `db` (the engine decides which connection that is). */
export async function nextNumberIn(db: Db, counter: string, atLeast: (db: Db) => Promise<number>): Promise<number> {
  const floor = (await atLeast(db)) + 1;
  const row = await take.first(db, counter, floor);
  if (!row) throw new Error(`counter ${counter} returned no value`);
  return Number(row.value);
}
