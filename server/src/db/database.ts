// The one data-access module. Kysely builds (and type-checks) every query; better-sqlite3 runs the
// compiled SQL synchronously through a statement cache, so a whole request (idempotency check, rule
// checks, writes, stored response) is one synchronous transaction with no interleaving. Replacing
// SQLite with PostgreSQL means another implementation of `Db` over Kysely's PostgresDialect.
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Compilable } from 'kysely';
import type { DB } from './schema.ts';

export type RunResult = { changes: number };

/** A query compiled once (see `Db.prepare`); each call binds its arguments to the cached statement. */
export type Prepared<A extends unknown[], R> = {
  all(...args: A): R[];
  first(...args: A): R | undefined;
  run(...args: A): RunResult;
};

export type Db = {
  /** Query builder (compile only for requests; executed by Kysely itself only for migrations). */
  readonly q: Kysely<DB>;
  all<R>(query: Compilable<R>): R[];
  first<R>(query: Compilable<R>): R | undefined;
  run(query: Compilable<unknown>): RunResult;
  /**
   * For hot paths: `build` runs once, with stand-ins for its arguments, and the compiled SQL and its
   * better-sqlite3 statement are reused; later calls only bind the arguments (building and compiling
   * a Kysely query costs more than running a small statement). Every argument must be used as a
   * plain value (a `where`/`set`/`values` operand), never to choose the query's shape.
   */
  prepare<A extends unknown[], R>(build: (...args: A) => Compilable<R>, arity?: number): Prepared<A, R>;
  /** Changes whenever another connection (process, tool) commits to the database: in-memory caches check it. */
  dataVersion(): number;
  /** The value of an SQLite setting of this connection (e.g. `synchronous`), for diagnostics and tests. */
  pragma(name: string): unknown;
  /** Runs `fn` in one transaction; nested calls join the outer one. */
  tx<T>(fn: () => T): T;
  close(): Promise<void>;
};

type SqlValue = string | number | bigint | Buffer | null;

function toSqlValue(value: unknown): SqlValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || Buffer.isBuffer(value)) return value;
  return JSON.stringify(value);
}

/** Stands in for argument `index` while a prepared query is compiled. */
class ArgSlot {
  constructor(readonly index: number) {}
}

type Binding = { arg: number } | { value: SqlValue };

export function openDatabase(path: string): Db {
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before the answer leaves, so a 2xx a device saw survives a power cut
  // (NORMAL in WAL mode may lose the last transactions).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 32 MB of page cache (default 2 MB): random-key indexes (idempotency keys, ids) stay in memory.
  sqlite.pragma('cache_size = -32000');
  sqlite.pragma('temp_store = MEMORY');
  const q = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  const statements = new Map<string, BetterSqlite3.Statement>();

  const prepare = (query: Compilable<unknown>) => {
    const compiled = query.compile();
    let stmt = statements.get(compiled.sql);
    if (!stmt) {
      stmt = sqlite.prepare(compiled.sql);
      statements.set(compiled.sql, stmt);
    }
    return { stmt, params: compiled.parameters.map(toSqlValue) };
  };

  // One wrapper for every transaction (better-sqlite3 builds a new one per `transaction()` call).
  const inTransaction = sqlite.transaction((fn: () => unknown) => fn());

  const execute = (stmt: BetterSqlite3.Statement, params: SqlValue[]): RunResult =>
    stmt.reader ? { changes: stmt.all(...params).length } : { changes: stmt.run(...params).changes };

  function prepareQuery<A extends unknown[], R>(build: (...args: A) => Compilable<R>, arity = build.length): Prepared<A, R> {
    let compiled: { stmt: BetterSqlite3.Statement; bindings: Binding[] } | null = null;
    // Lazily: the tables may not exist yet when a route module prepares its queries.
    const bind = (args: unknown[]) => {
      if (!compiled) {
        const slots = Array.from({ length: arity }, (_, i) => new ArgSlot(i));
        const query = build(...(slots as unknown as A)).compile();
        const bindings = query.parameters.map((p): Binding => (p instanceof ArgSlot ? { arg: p.index } : { value: toSqlValue(p) }));
        compiled = { stmt: sqlite.prepare(query.sql), bindings };
      }
      const { stmt, bindings } = compiled;
      return { stmt, params: bindings.map((b) => ('arg' in b ? toSqlValue(args[b.arg]) : b.value)) };
    };
    return {
      all(...args: A): R[] {
        const { stmt, params } = bind(args);
        return stmt.all(...params) as R[];
      },
      first(...args: A): R | undefined {
        const { stmt, params } = bind(args);
        return stmt.get(...params) as R | undefined;
      },
      run(...args: A): RunResult {
        const { stmt, params } = bind(args);
        return execute(stmt, params);
      },
    };
  }

  let dataVersionStmt: BetterSqlite3.Statement | null = null;

  return {
    q,
    prepare: prepareQuery,
    pragma: (name: string) => sqlite.pragma(name, { simple: true }),
    dataVersion(): number {
      dataVersionStmt ??= sqlite.prepare('PRAGMA data_version').pluck();
      return Number(dataVersionStmt.get());
    },
    all<R>(query: Compilable<R>): R[] {
      const { stmt, params } = prepare(query);
      return stmt.all(...params) as R[];
    },
    first<R>(query: Compilable<R>): R | undefined {
      const { stmt, params } = prepare(query);
      return stmt.get(...params) as R | undefined;
    },
    run(query: Compilable<unknown>): RunResult {
      const { stmt, params } = prepare(query);
      return execute(stmt, params);
    },
    tx<T>(fn: () => T): T {
      if (sqlite.inTransaction) return fn();
      return inTransaction.immediate(fn) as T;
    },
    async close() {
      statements.clear();
      await q.destroy();
    },
  };
}

/** `make(db)` once per database: how a module keeps its prepared queries next to the code using them. */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
