// The PostgreSQL engine (DATABASE_URL=postgres://…): several server processes share one database.
// - Queries go through a pool; statements (`statement(...)`) run as named prepared statements.
// - Transactions run at SERIALIZABLE: whatever interleaving, the outcome is that of some one-at-a-time
//   order, as on SQLite. The loser of a race (serialization failure, deadlock, or a unique key another
//   transaction just took) is rolled back and run again from the start, a bounded number of times.
// - Counters take their next value, and unguarded reads run (db/database.ts), on a small separate pool
//   outside the request's transaction; the health check uses it too, so a busy main pool is no outage.
// - Cross-process cache invalidation: triggers (migration 008) NOTIFY `binyan_auth_changed` when a
//   session ends or a user changes; one LISTEN connection per process moves `changeEpoch`. While that
//   connection is down the epoch changes on every read, so caches are not trusted at all.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Client, Pool, types as pgTypes } from 'pg';
import type { PoolClient, QueryResult } from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Compilable } from 'kysely';
import type { Binding, Database, Db, ExecMode, RunResult, StatementDef } from './database.ts';
import { compileStatement } from './database.ts';
import { CHANGE_CHANNEL } from './changes.ts';
import { nextNumberIn } from './counters.ts';
import type { DB } from './schema.ts';

const RETRYABLE = new Set(['40001', '40P01', '23505']);
const MAX_ATTEMPTS = 12;
const INT8 = 20;
const TIMESTAMPTZ = 1184;

const parseTimestamptz = pgTypes.getTypeParser(TIMESTAMPTZ) as (value: string) => Date;

// Counts (bigint) as numbers; instants as the same ISO-8601 strings SQLite stores.
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8) return (value: string) => Number(value);
    if (oid === TIMESTAMPTZ) return (value: string) => parseTimestamptz(value).toISOString();
    return format === undefined ? pgTypes.getTypeParser(oid) : pgTypes.getTypeParser(oid, format);
  }) as typeof pgTypes.getTypeParser,
};

function toPgValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  return value instanceof Date ? value.toISOString() : JSON.stringify(value);
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));

type Queryer = { query(config: { text: string; values: unknown[]; name?: string }): Promise<QueryResult> };
type Compiled = { name: string; sql: string; bindings: Binding[] };

export type PostgresOptions = { poolSize?: number };

/**
 * Connections of the main pool: two per core by default. More transactions at once than the cores can
 * run only wait on each other (and, serializable, conflict and run again); requests queue for a
 * connection in the process instead.
 */
export const defaultPoolSize = (): number => Number(process.env.DATABASE_POOL_SIZE) || Math.max(4, 2 * availableParallelism());

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const config = { connectionString: url, types: typeParsers, application_name: 'binyan' };
  const pool = new Pool({ ...config, max: options.poolSize ?? defaultPoolSize() });
  // Counters and unguarded reads: single statements, never waiting for the main pool while holding one.
  const side = new Pool({ ...config, max: 4 });
  // An idle connection that breaks is replaced by the pool; the error needs a listener not to crash.
  pool.on('error', () => undefined);
  side.on('error', () => undefined);
  const q = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const compiled = new WeakMap<StatementDef, Compiled>();

  const result = (res: QueryResult, mode: ExecMode): unknown =>
    mode === 'first' ? res.rows[0] : mode === 'all' ? res.rows : ({ changes: res.rowCount ?? 0 } satisfies RunResult);

  const runQuery = async (on: Queryer, query: Compilable<unknown>, mode: ExecMode): Promise<unknown> => {
    const c = query.compile();
    return result(await on.query({ text: c.sql, values: c.parameters.map(toPgValue) }), mode);
  };

  const runStatement = async (on: Queryer, def: StatementDef, args: readonly unknown[], mode: ExecMode): Promise<unknown> => {
    let c = compiled.get(def);
    if (!c) {
      const { sql, bindings } = compileStatement(q, def);
      c = { name: `b_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`, sql, bindings };
      compiled.set(def, c);
    }
    const values = c.bindings.map((b) => toPgValue('arg' in b ? args[b.arg] : b.value));
    return result(await on.query({ name: c.name, text: c.sql, values }), mode);
  };

  const sideDb: Db = {
    engine: 'postgres',
    q,
    all: <R>(query: Compilable<R>) => runQuery(side, query, 'all') as Promise<R[]>,
    first: <R>(query: Compilable<R>) => runQuery(side, query, 'first') as Promise<R | undefined>,
    run: (query: Compilable<unknown>) => runQuery(side, query, 'run') as Promise<RunResult>,
    exec: (def, args, mode) => runStatement(side, def, args, mode),
    tx: () => Promise.reject(new Error('no transactions on the counter connection')),
    nextNumber: (kind, name, ...args) => nextNumberIn(sideDb, kind, name, args),
    get unguarded() {
      return sideDb;
    },
  };

  const inTx = (client: PoolClient): Db => {
    const db: Db = {
      engine: 'postgres',
      q,
      all: <R>(query: Compilable<R>) => runQuery(client, query, 'all') as Promise<R[]>,
      first: <R>(query: Compilable<R>) => runQuery(client, query, 'first') as Promise<R | undefined>,
      run: (query: Compilable<unknown>) => runQuery(client, query, 'run') as Promise<RunResult>,
      exec: (def, args, mode) => runStatement(client, def, args, mode),
      tx: (fn) => fn(db),
      nextNumber: (kind, name, ...args) => nextNumberIn(sideDb, kind, name, args),
      unguarded: sideDb,
    };
    return db;
  };

  async function transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
        const value = await fn(inTx(client));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        if (attempt < MAX_ATTEMPTS && isRetryable(error)) {
          await pause(attempt);
          continue;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    }
  }

  const listener = changeListener(config);

  const database: Database = {
    engine: 'postgres',
    q,
    get unguarded() {
      return database;
    },
    all: <R>(query: Compilable<R>) => runQuery(pool, query, 'all') as Promise<R[]>,
    first: <R>(query: Compilable<R>) => runQuery(pool, query, 'first') as Promise<R | undefined>,
    run: (query: Compilable<unknown>) => runQuery(pool, query, 'run') as Promise<RunResult>,
    exec: (def, args, mode) => runStatement(pool, def, args, mode),
    tx: transaction,
    nextNumber: (kind, name, ...args) => nextNumberIn(sideDb, kind, name, args),
    changeEpoch: listener.epoch,
    commitTogether: (work) => work(),
    async healthy() {
      try {
        const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref());
        const res = await Promise.race([side.query('SELECT 1 AS ok'), timeout]);
        return res.rows[0]?.ok === 1;
      } catch {
        return false;
      }
    },
    async close() {
      await listener.close();
      await side.end();
      // Kysely ends the pool only if it used it (migrations); the layer's own queries use it directly.
      await q.destroy();
      if (!pool.ending) await pool.end();
    },
  };
  return database;
}

/** One LISTEN connection per process; reconnects after a failure, and until then trusts no cache. */
function changeListener(config: { connectionString: string; types: typeof typeParsers; application_name: string }) {
  let epoch = 0;
  let listening = false;
  let closed = false;
  let client: Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  const lost = () => {
    listening = false;
    epoch += 1;
    const old = client;
    client = null;
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    void old?.end().catch(() => undefined);
    if (!closed && !retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        void connect();
      }, 1_000);
      retryTimer.unref();
    }
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const c = new Client({ ...config, application_name: 'binyan-listen' });
    client = c;
    c.on('notification', () => (epoch += 1));
    c.on('error', lost);
    c.on('end', () => {
      if (client === c) lost();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (closed) {
        await c.end();
        return;
      }
      // Whatever changed while nobody listened: start from a new epoch.
      epoch += 1;
      listening = true;
    } catch {
      if (client === c) lost();
    }
  }

  void connect();

  return {
    epoch: () => (listening ? epoch : (epoch += 1)),
    async close() {
      closed = true;
      listening = false;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      c?.removeAllListeners();
      c?.on('error', () => undefined);
      await c?.end().catch(() => undefined);
    },
  };
}
