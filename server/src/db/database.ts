// The one data-access layer: every query is built once with Kysely and runs on either engine, SQLite
// (better-sqlite3, the embedded default) or PostgreSQL (pg, chosen by a postgres:// URL). Nothing above
// it knows which engine runs: routes call the data modules (server/src/data), which call this.
//
// A request that changes data is one transaction (`tx`): the idempotency key, the rule checks, the
// writes and the stored answer commit together. SQLite runs one transaction at a time (a queue in
// front of BEGIN IMMEDIATE, so awaits inside a transaction never interleave another request's
// queries); PostgreSQL runs them concurrently at SERIALIZABLE and retries a transaction that lost a
// race (serialization failure, deadlock, unique violation) as a whole: the same guarantees as SQLite's
// one-at-a-time, across any number of server processes.
import type { Compilable, Kysely } from 'kysely';
import type { DB } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export type RunResult = { changes: number };

/** How a statement's rows are wanted. */
export type ExecMode = 'all' | 'first' | 'run';

/** A query written once; each database compiles and prepares it on first use (see `statement`). */
export type StatementDef = {
  readonly build: (q: Kysely<DB>, ...args: never[]) => Compilable<unknown>;
  readonly arity: number;
};

/** A kind of counter, compiled once per database like a statement (see `counter` in db/counters.ts). */
export type Counter<A extends unknown[]> = StatementDef & { readonly __args?: A };

/** What a data module queries: the database itself, or the transaction a request runs in. */
export type Db = {
  readonly engine: Engine;
  /** Query builder; only data modules (server/src/data, db/records.ts) build queries. */
  readonly q: Kysely<DB>;
  all<R>(query: Compilable<R>): Promise<R[]>;
  first<R>(query: Compilable<R>): Promise<R | undefined>;
  run(query: Compilable<unknown>): Promise<RunResult>;
  /** Runs a prepared statement (use `statement(...)`, not this). */
  exec(def: StatementDef, args: readonly unknown[], mode: ExecMode): Promise<unknown>;
  /**
   * The same data for a read the transaction need not guard, because a constraint does: whether a
   * client id is taken (its primary key refuses a second row anyway). On PostgreSQL it runs outside the
   * transaction, so serializable conflict detection does not track it: concurrent creates of different
   * records then never abort each other over index pages they both looked into. It sees committed rows
   * only, not this transaction's own writes. On SQLite (one transaction at a time) it is the same handle.
   */
  readonly unguarded: Db;
  /**
   * Runs `fn` in one transaction; a call inside a transaction joins it. On PostgreSQL `fn` may run
   * more than once (a retry after a lost race), so it must do nothing but queries on the `tx` it gets.
   */
  tx<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * The next number of counter `name` (of a kind made by `counter(...)`, db/counters.ts), shared by
   * every process (call numbers, payment group ids): never handed out twice, and above what rows
   * already use (rows written without the counter, e.g. the seed). Outside the request's transaction on PostgreSQL, so concurrent requests
   * do not conflict on it; a request that rolls back leaves a gap there.
   */
  nextNumber<A extends unknown[]>(kind: Counter<A>, name: string, ...args: A): Promise<number>;
};

export type Database = Db & {
  /**
   * Changes whenever another connection (another server process, an admin tool) may have ended a
   * session or changed a user: in-memory caches of them compare it before trusting an entry.
   */
  changeEpoch(): number;
  /**
   * Runs `work`, whose transactions run one after another, with ONE commit at its end (SQLite: each
   * transaction becomes a savepoint, still undone alone when it fails; the disk is synced once). Nothing
   * of `work` is durable, or visible to other requests, before it returns: answer only after it. Other
   * requests' transactions wait for it. On PostgreSQL each transaction commits as usual.
   */
  commitTogether<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the database answers (GET /api/health). */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
};

export type Statement<A extends unknown[], R> = {
  all(db: Db, ...args: A): Promise<R[]>;
  first(db: Db, ...args: A): Promise<R | undefined>;
  run(db: Db, ...args: A): Promise<RunResult>;
};

/**
 * A hot-path query: `build` runs once per database, with stand-ins for its arguments, and the compiled
 * statement is prepared and reused (building and compiling a Kysely query costs more than running a
 * small statement). Every argument must be used as a plain value (a `where`/`set`/`values` operand),
 * never to choose the query's shape.
 */
export function statement<A extends unknown[], R>(build: (q: Kysely<DB>, ...args: A) => Compilable<R>, arity = build.length - 1): Statement<A, R> {
  const def: StatementDef = { build: build as unknown as StatementDef['build'], arity };
  return {
    all: (db, ...args) => db.exec(def, args, 'all') as Promise<R[]>,
    first: (db, ...args) => db.exec(def, args, 'first') as Promise<R | undefined>,
    run: (db, ...args) => db.exec(def, args, 'run') as Promise<RunResult>,
  };
}

/** Stands in for argument `index` while a statement is compiled. */
export class ArgSlot {
  constructor(readonly index: number) {}
}

export type Binding = { arg: number } | { value: unknown };

/** Compiles a statement with stand-ins: its SQL, and where each parameter comes from. */
export function compileStatement(q: Kysely<DB>, def: StatementDef): { sql: string; bindings: Binding[] } {
  const slots = Array.from({ length: def.arity }, (_, i) => new ArgSlot(i));
  const compiled = def.build(q, ...(slots as never[])).compile();
  return { sql: compiled.sql, bindings: compiled.parameters.map((p): Binding => (p instanceof ArgSlot ? { arg: p.index } : { value: p })) };
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}
