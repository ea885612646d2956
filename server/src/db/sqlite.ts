// The SQLite engine (the embedded default): better-sqlite3 runs the compiled SQL synchronously through a
// statement cache. Its one connection runs one transaction at a time: `tx` queues behind the running
// one, and a query outside a transaction waits for it too (else it would read the transaction's
// uncommitted rows, or join its writes and be rolled back with them).
import { AsyncLocalStorage } from 'node:async_hooks';
import { resolve as resolvePath } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteAdapter, SqliteDialect, SqliteDriver } from 'kysely';
import type { Compilable, DatabaseConnection, DialectAdapter, Driver, SqliteDialectConfig } from 'kysely';
import type { Binding, Database, Db, ExecMode, RunResult, StatementDef } from './database.ts';
import { compileStatement } from './database.ts';
import { nextNumberIn } from './counters.ts';
import { walSync } from './walSync.ts';
import type { DB } from './schema.ts';

type SqlValue = string | number | bigint | Buffer | null;

function toSqlValue(value: unknown): SqlValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || Buffer.isBuffer(value)) return value;
  return JSON.stringify(value);
}

type Prepared = { stmt: BetterSqlite3.Statement; bindings: Binding[] };

/** At most this many transactions share one commit (a bound on how long the first one waits for it). */
const MAX_COMMIT_MEMBERS = 64;

// Several connections of one process on one file (tests run two servers so): SQLite waits for another
// connection's write lock inside the one thread, so a write transaction that spans event-loop turns
// would never end while another connection of the process waits. Before it writes, a connection
// therefore commits the others' lingering commits (see `lingering` below) and waits for their Kysely
// transactions (migrations) to end.
const lingeringInProcess = new Set<() => void>();
const kyselyTransactionsInProcess = new Set<Promise<void>>();

function closeLingeringInProcess(): void {
  for (const close of [...lingeringInProcess]) close();
}

async function afterKyselyTransactions(): Promise<void> {
  while (kyselyTransactionsInProcess.size > 0) await Promise.all(kyselyTransactionsInProcess);
}

// Kysely's own transactions (the migrator's) on SQLite: BEGIN IMMEDIATE, and DDL inside them (SQLite has
// transactional DDL). All pending migrations then apply atomically, and a second process starting on
// the same file at the same moment waits for the first one's, then finds nothing left to do.
class ImmediateDriver extends SqliteDriver {
  #ended: (() => void) | null = null;

  constructor(
    settings: SqliteDialectConfig,
    private readonly durable: () => Promise<void>,
  ) {
    super(settings);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await afterKyselyTransactions();
    closeLingeringInProcess();
    const running = new Promise<void>((resolve) => (this.#ended = resolve));
    kyselyTransactionsInProcess.add(running);
    void running.then(() => kyselyTransactionsInProcess.delete(running));
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    } catch (error) {
      this.#end();
      throw error;
    }
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
    } finally {
      this.#end();
    }
    await this.durable();
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.#end();
    }
  }

  #end(): void {
    this.#ended?.();
    this.#ended = null;
  }
}

class TransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class EngineDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly durable: () => Promise<void>,
  ) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateDriver(this.settings, this.durable);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlAdapter();
  }
}

export type SqliteDatabase = Database & {
  /** The value of an SQLite setting of this connection (e.g. `synchronous`), for diagnostics and tests. */
  pragma(name: string): unknown;
};

export function openSqlite(path: string): SqliteDatabase {
  const sqlite = new BetterSqlite3(path);
  const wal = sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  // A commit is on disk before the answer leaves, so a 2xx a device saw survives a power cut: in WAL
  // mode the log is synced off the event loop after COMMIT (db/walSync.ts; NORMAL alone may lose the
  // last transactions), else (an in-memory database) COMMIT syncs (FULL).
  const sync = wal ? walSync(`${resolvePath(sqlite.name)}-wal`) : null;
  const durable = () => sync?.durable() ?? Promise.resolve();
  sqlite.pragma(wal ? 'synchronous = NORMAL' : 'synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 32 MB of page cache (default 2 MB): random-key indexes (idempotency keys, ids) stay in memory.
  sqlite.pragma('cache_size = -32000');
  sqlite.pragma('temp_store = MEMORY');
  const q = new Kysely<DB>({ dialect: new EngineDialect({ database: sqlite }, durable) });
  const adHoc = new Map<string, BetterSqlite3.Statement>();
  const prepared = new WeakMap<StatementDef, Prepared>();
  const begin = sqlite.prepare('BEGIN IMMEDIATE');
  const commit = sqlite.prepare('COMMIT');
  const rollback = sqlite.prepare('ROLLBACK');
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();

  const statementOf = (sql: string) => {
    let stmt = adHoc.get(sql);
    if (!stmt) {
      stmt = sqlite.prepare(sql);
      adHoc.set(sql, stmt);
    }
    return stmt;
  };

  const execute = (stmt: BetterSqlite3.Statement, params: SqlValue[], mode: ExecMode): unknown => {
    if (mode === 'first') return stmt.reader ? stmt.get(...params) : (stmt.run(...params), undefined);
    if (mode === 'all') return stmt.reader ? stmt.all(...params) : (stmt.run(...params), []);
    return { changes: stmt.reader ? stmt.all(...params).length : stmt.run(...params).changes } satisfies RunResult;
  };

  const runCompiled = (compiled: CompiledQuery, mode: ExecMode): unknown => execute(statementOf(compiled.sql), compiled.parameters.map(toSqlValue), mode);
  const runQuery = (query: Compilable<unknown>, mode: ExecMode): unknown => runCompiled(query.compile(), mode);

  const preparedOf = (def: StatementDef): Prepared => {
    let p = prepared.get(def);
    if (!p) {
      const { sql, bindings } = compileStatement(q, def);
      p = { stmt: sqlite.prepare(sql), bindings };
      prepared.set(def, p);
    }
    return p;
  };

  /** Runs a query outside a transaction; a read (no INSERT, UPDATE, DELETE) may run inside an open commit. */
  const outside = (query: Compilable<unknown>, mode: ExecMode): Promise<unknown> => {
    const compiled = query.compile();
    return whenFree(
      () => runCompiled(compiled, mode),
      () => mode !== 'run' && statementOf(compiled.sql).readonly,
    );
  };

  const runStatement = (def: StatementDef, args: readonly unknown[], mode: ExecMode): unknown => {
    const p = preparedOf(def);
    return execute(
      p.stmt,
      p.bindings.map((b) => toSqlValue('arg' in b ? args[b.arg] : b.value)),
      mode,
    );
  };

  // The transaction queue: `busy` is set while a transaction runs, `idle` settles when the queue empties.
  let busy = false;
  let tail: Promise<void> = Promise.resolve();
  let queued = 0;
  // Queries outside a transaction waiting for the queue: they must not run inside an uncommitted commit.
  let waitingOutside = 0;
  // Group commit of the queue: while other transactions wait, a finished transaction's commit stays open
  // for them (each is a savepoint, undone alone when it fails) and one COMMIT, one disk sync, makes them
  // all durable; each caller is answered only after that COMMIT. The disk sync dominates a small write
  // (issue 13: 76% of the server row's time was COMMIT), so the throughput no longer waits on one per request.
  type Commit = { members: number; waiting: Array<{ resolve(): void; reject(error: unknown): void }> };
  let open: Commit | null = null;
  // A commit left open for one turn of the event loop after its last transaction, when none waited: the
  // requests read from the network in that turn join it (under load every request would otherwise sync
  // the disk alone: none is queued yet when the one before finishes). Reads run inside it; a write
  // outside a transaction, or the turn's end, commits it.
  let lingering: Commit | null = null;

  /** Commits the open commit; its waiting callers are answered once it is on disk (the returned promise). */
  function commitOpen(commitOf: Commit): Promise<void> {
    open = null;
    try {
      commit.run();
    } catch (error) {
      if (sqlite.inTransaction) rollback.run();
      for (const w of commitOf.waiting) w.reject(error);
      throw error;
    }
    const synced = durable();
    synced.then(
      () => {
        for (const w of commitOf.waiting) w.resolve();
      },
      (error: unknown) => {
        for (const w of commitOf.waiting) w.reject(error);
      },
    );
    return synced;
  }

  /** Commits the lingering commit now (a write outside a transaction must not join it). */
  function closeLingering(): void {
    const commitOf = lingering;
    lingering = null;
    lingeringInProcess.delete(closeLingering);
    if (commitOf && open === commitOf) void commitOpen(commitOf).catch(() => undefined); // its callers get the error
  }

  function linger(commitOf: Commit): void {
    lingering = commitOf;
    lingeringInProcess.add(closeLingering);
    const close = (): void => {
      if (lingering !== commitOf || queued > 0) return;
      // While the log syncs, a commit made now would wait for that sync before its own: it stays open
      // for the requests arriving meanwhile instead, and commits when the sync is done.
      const syncing = sync?.underWay();
      if (syncing) {
        void syncing.catch(() => undefined).then(close);
        return;
      }
      try {
        closeLingering();
      } catch {
        // Its transactions' callers got the error.
      }
    };
    setImmediate(close);
  }
  // The open `commitTogether` group of the running work (it holds the queue): its transactions are
  // savepoints of the group's one transaction, its other queries run at once.
  type Group = { open: boolean; savepoints: number; tail: Promise<void> };
  const groups = new AsyncLocalStorage<Group>();
  /** The open group this async context belongs to (work it started that outlives it is on its own). */
  const groupHere = () => {
    const group = groups.getStore();
    return group?.open ? group : undefined;
  };

  /** Runs `work` now when no transaction runs or waits (or inside the group that holds them), else after them. */
  function whenFree<T>(work: () => T, readonly: () => boolean = () => false): Promise<T> {
    const inGroup = groupHere() !== undefined;
    if (!inGroup && kyselyTransactionsInProcess.size > 0 && !readonly()) return afterKyselyTransactions().then(() => whenFree(work, readonly));
    // A write outside a transaction commits on its own: it is answered once on disk.
    const thenDurable = (value: T): Promise<T> => durable().then(() => value);
    if ((!busy && queued === 0) || inGroup) {
      try {
        if (inGroup || readonly()) return Promise.resolve(work());
        closeLingeringInProcess();
        return thenDurable(work());
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    // A read may run between the transactions of an open commit (it sees their changes; they are
    // answered once that commit is durable). A write waiting here must not join it: the commit closes first.
    if (readonly()) return tail.then(work);
    waitingOutside += 1;
    return tail
      .then(() => {
        waitingOutside -= 1;
        closeLingeringInProcess();
        return work();
      })
      .then(thenDurable);
  }

  // Inside a transaction: queries run at once, nested transactions join.
  const inTx: Db = {
    engine: 'sqlite',
    q,
    all: <R>(query: Compilable<R>) => Promise.resolve(runQuery(query, 'all') as R[]),
    first: <R>(query: Compilable<R>) => Promise.resolve(runQuery(query, 'first') as R | undefined),
    run: (query: Compilable<unknown>) => Promise.resolve(runQuery(query, 'run') as RunResult),
    exec: (def, args, mode) => {
      try {
        return Promise.resolve(runStatement(def, args, mode));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    tx: (fn) => fn(inTx),
    nextNumber: (kind, name, ...args) => nextNumberIn(inTx, kind, name, args),
    get unguarded() {
      return inTx;
    },
  };

  /** A transaction inside a group: a savepoint (one at a time), undone alone when `fn` fails. */
  async function savepoint<T>(group: Group, fn: (tx: Db) => Promise<T>): Promise<T> {
    const previous = group.tail;
    let release = () => {};
    group.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    const name = `sp${(group.savepoints += 1)}`;
    try {
      sqlite.exec(`SAVEPOINT ${name}`);
      try {
        const result = await fn(inTx);
        sqlite.exec(`RELEASE ${name}`);
        return result;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
        throw error;
      }
    } finally {
      release();
    }
  }

  async function transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const group = groupHere();
    if (group) return savepoint(group, fn);
    queued += 1;
    const previous = tail;
    let release = () => {};
    tail = new Promise<void>((resolve) => (release = resolve));
    let released = false;
    const handOn = () => {
      if (released) return;
      released = true;
      release();
    };
    try {
      await previous;
      queued -= 1;
      busy = true;
      lingering = null;
      lingeringInProcess.delete(closeLingering);
      if (!open) {
        if (kyselyTransactionsInProcess.size > 0) await afterKyselyTransactions();
        closeLingeringInProcess();
        begin.run();
        open = { members: 0, waiting: [] };
      }
      const commitOf = open;
      const name = `tx${(commitOf.members += 1)}`;
      sqlite.exec(`SAVEPOINT ${name}`);
      let outcome: { ok: true; result: T } | { ok: false; error: unknown };
      try {
        outcome = { ok: true, result: await fn(inTx) };
        sqlite.exec(`RELEASE ${name}`);
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
        else {
          // SQLite undid the whole transaction (a disk error): the commit's earlier transactions are lost too.
          for (const w of commitOf.waiting) w.reject(error);
          open = null;
          throw error;
        }
        outcome = { ok: false, error };
      }
      if (waitingOutside === 0 && commitOf.members < MAX_COMMIT_MEMBERS) {
        // The next transaction joins this commit (one queued now, or one of the coming turn); this one
        // is answered when it is made durable.
        if (queued === 0) {
          busy = false;
          linger(commitOf);
        }
        if (!outcome.ok) {
          handOn();
          throw outcome.error;
        }
        const durable = new Promise<void>((resolve, reject) => commitOf.waiting.push({ resolve, reject }));
        handOn();
        await durable;
        return outcome.result;
      }
      const synced = commitOpen(commitOf);
      // The next transaction runs while the disk syncs.
      busy = false;
      handOn();
      await synced;
      if (!outcome.ok) throw outcome.error;
      return outcome.result;
    } catch (error) {
      // BEGIN failed, or the commit: nothing of this commit stays open for the next transaction.
      if (open && !released) {
        if (sqlite.inTransaction) rollback.run();
        for (const w of open.waiting) w.reject(error);
        open = null;
      }
      throw error;
    } finally {
      if (!released) {
        busy = false;
        handOn();
      }
    }
  }

  /** One commit (one disk sync) for the transactions `work` runs one after another; see Database. */
  async function commitTogether<T>(work: () => Promise<T>): Promise<T> {
    if (groupHere()) return work();
    return transaction(async () => {
      const group: Group = { open: true, savepoints: 0, tail: Promise.resolve() };
      try {
        const result = await groups.run(group, work);
        await group.tail;
        return result;
      } finally {
        group.open = false;
      }
    });
  }

  const database: SqliteDatabase = {
    engine: 'sqlite',
    commitTogether,
    q,
    get unguarded() {
      return database;
    },
    all: <R>(query: Compilable<R>) => outside(query, 'all') as Promise<R[]>,
    first: <R>(query: Compilable<R>) => outside(query, 'first') as Promise<R | undefined>,
    run: (query: Compilable<unknown>) => outside(query, 'run') as Promise<RunResult>,
    exec: (def, args, mode) =>
      whenFree(
        () => runStatement(def, args, mode),
        () => mode !== 'run' && preparedOf(def).stmt.readonly,
      ),
    tx: transaction,
    nextNumber: (kind, name, ...args) => transaction((tx) => tx.nextNumber(kind, name, ...args)),
    changeEpoch: () => Number(dataVersion.get()),
    healthy: () =>
      whenFree(
        () => sqlite.open && sqlite.prepare('SELECT 1').pluck().get() === 1,
        () => true,
      ).catch(() => false),
    pragma: (name: string) => sqlite.pragma(name, { simple: true }),
    async close() {
      await tail;
      closeLingering();
      await sync?.close();
      adHoc.clear();
      // Kysely closes the connection only if it used it (migrations); the layer's own queries use it directly.
      await q.destroy();
      if (sqlite.open) sqlite.close();
    },
  };
  return database;
}
