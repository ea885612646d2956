// Counts what a piece of work asks of IndexedDB (transactions, reads, rows read, writes) through a
// Dexie DBCore middleware on the app's own `db`, so a slow row can say where its time goes.
import type { DBCore, DBCoreTable, Middleware } from 'dexie';
import { db } from '../../src/db/db';

export type DbCounts = { transactions: number; readwrite: number; reads: number; rowsRead: number; writes: number };

const NAME = 'bench-counting';

function countingTable(table: DBCoreTable, counts: DbCounts): DBCoreTable {
  return {
    ...table,
    get: (req) => {
      counts.reads += 1;
      counts.rowsRead += 1;
      return table.get(req);
    },
    getMany: (req) => {
      counts.reads += 1;
      counts.rowsRead += req.keys.length;
      return table.getMany(req);
    },
    query: async (req) => {
      counts.reads += 1;
      const res = await table.query(req);
      counts.rowsRead += res.result.length;
      return res;
    },
    mutate: (req) => {
      counts.writes += 1;
      return table.mutate(req);
    },
  };
}

function counting(counts: DbCounts): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: NAME,
    create: (down) => ({
      ...down,
      transaction: (stores, mode, options) => {
        counts.transactions += 1;
        if (mode === 'readwrite') counts.readwrite += 1;
        return down.transaction(stores, mode, options);
      },
      table: (name) => countingTable(down.table(name), counts),
    }),
  };
}

/** Runs `work` with the counter installed (middlewares apply when the database opens). */
export async function countDbWork<T>(work: () => Promise<T>): Promise<{ value: T; counts: DbCounts }> {
  const counts: DbCounts = { transactions: 0, readwrite: 0, reads: 0, rowsRead: 0, writes: 0 };
  db.close({ disableAutoOpen: false });
  db.use(counting(counts));
  await db.open();
  try {
    return { value: await work(), counts };
  } finally {
    db.close({ disableAutoOpen: false });
    db.unuse({ stack: 'dbcore', name: NAME });
    await db.open();
  }
}
