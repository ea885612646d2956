// The one data-access module. Kysely builds (and type-checks) every query; better-sqlite3 runs the
// compiled SQL synchronously through a statement cache, so a whole request (idempotency check, rule
// checks, writes, stored response) is one synchronous transaction with no interleaving. Replacing
// SQLite with PostgreSQL means another implementation of `Db` over Kysely's PostgresDialect.
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Compilable } from 'kysely';
import type { DB } from './schema.ts';

export type RunResult = { changes: number };

export type Db = {
  /** Query builder (compile only for requests; executed by Kysely itself only for migrations). */
  readonly q: Kysely<DB>;
  all<R>(query: Compilable<R>): R[];
  first<R>(query: Compilable<R>): R | undefined;
  run(query: Compilable<unknown>): RunResult;
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

export function openDatabase(path: string): Db {
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
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

  return {
    q,
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
      if (stmt.reader) return { changes: stmt.all(...params).length };
      return { changes: stmt.run(...params).changes };
    },
    tx<T>(fn: () => T): T {
      if (sqlite.inTransaction) return fn();
      return sqlite.transaction(fn).immediate();
    },
    async close() {
      statements.clear();
      await q.destroy();
    },
  };
}
