// The write path of every repository: a local change = the row(s) + one outbox entry, in one Dexie
// transaction (db/mutate.ts). One entry per user action; nothing is coalesced, so no intent is lost.
import type { Table } from 'dexie';
import { db } from '../db/db';
import type { AppDB, TableName } from '../db/db';
import { decorateRow } from '../db/decorate';
import { runMutation } from '../db/mutate';
import type { MutationContext } from '../db/mutate';
import type { MutationMethod, OutboxEntry, OutboxRequest } from '../db/outboxRows';
import { dropPendingPhotosOf } from './photos';

export type RowOf<T extends TableName> = AppDB[T] extends Table<infer R, infer _K> ? R : never;
type Row = Record<string, unknown>;

type Common = {
  userKey: string;
  /** Entity keys (`table:id`) that must be applied before this entry is sent. */
  dependsOn?: string[];
  /** More tables written by `also` in the same transaction. */
  tables?: TableName[];
  /** Extra writes that must commit together with the change (e.g. a photo row). */
  also?: (ctx: MutationContext, entry: OutboxEntry) => Promise<void>;
  refetchPath?: string;
};

function rows(table: TableName): Table<Row, string | number> {
  return db.table<Row, string | number>(table);
}

function pick(row: Row, keys: Iterable<string>): Row {
  const out: Row = {};
  for (const key of keys) out[key] = row[key];
  return out;
}

function withoutLocal(row: Row): Row {
  const { syncState: _s, serverVersion: _v, searchWords: _w, ...rest } = row;
  return rest;
}

/** A record created on the device: it keeps its client UUID on the server. */
export async function createRecord<T extends TableName>(
  input: Common & { table: T; row: RowOf<T>; id: string | number; path: string; prefix?: boolean; payload?: Row },
): Promise<OutboxEntry> {
  const row: Row = { ...decorateRow(input.table, input.row as Row), syncState: 'local' };
  return runMutation([input.table, ...(input.tables ?? [])], async (ctx) => {
    await rows(input.table).add(row);
    const entry = await ctx.enqueue({
      op: 'create',
      table: input.table,
      recordId: input.id,
      request: { method: 'POST', path: input.path, wrap: 'payload', ...(input.prefix === false ? { prefix: false } : {}) },
      payload: input.payload ?? withoutLocal(row),
      rowPatch: withoutLocal(row),
      base: null,
      baseVersion: typeof row.version === 'number' ? row.version : 0,
      dependsOn: input.dependsOn ?? [],
      ownerUserKey: input.userKey,
      ...(input.refetchPath ? { refetchPath: input.refetchPath } : {}),
    });
    if (input.also) await input.also(ctx, entry);
    return entry;
  });
}

export type ChangeInput<T extends TableName> = Common & {
  table: T;
  id: string | number;
  op?: string;
  /** Fields sent to the server. */
  changes: Partial<RowOf<T>>;
  /** Local-only consequences of the change (e.g. the list tab that follows a status), from the current row. */
  rowChanges?: Partial<RowOf<T>> | ((row: RowOf<T>) => Partial<RowOf<T>>);
  request: { method?: MutationMethod; path: string; prefix?: boolean; wrap?: OutboxRequest['wrap'] };
  /** Checked inside the transaction against the current row; throw to refuse the change. */
  guard?: (row: RowOf<T>) => void;
};

/** A versioned change of an existing record (PATCH `{ baseVersion, changes }` by default). */
export async function changeRecord<T extends TableName>(input: ChangeInput<T>): Promise<OutboxEntry> {
  return runMutation([input.table, ...(input.tables ?? [])], async (ctx) => {
    const current = await rows(input.table).get(input.id);
    if (!current) throw new Error(`${input.table}:${String(input.id)} not found`);
    input.guard?.(current as RowOf<T>);
    const payload = { ...(input.changes as Row) };
    const derived = typeof input.rowChanges === 'function' ? input.rowChanges(current as RowOf<T>) : input.rowChanges;
    const rowPatch = { ...payload, ...((derived ?? {}) as Row) };
    await rows(input.table).put({ ...decorateRow(input.table, { ...current, ...rowPatch }), syncState: 'local' });
    const entry = await ctx.enqueue({
      op: input.op ?? 'update',
      table: input.table,
      recordId: input.id,
      request: {
        method: input.request.method ?? 'PATCH',
        path: input.request.path,
        wrap: input.request.wrap ?? 'changes',
        versionIn: 'body',
        ...(input.request.prefix === false ? { prefix: false } : {}),
      },
      payload,
      rowPatch,
      base: pick(current, Object.keys(rowPatch)),
      baseVersion: typeof current.version === 'number' ? current.version : null,
      dependsOn: input.dependsOn ?? [],
      ownerUserKey: input.userKey,
      ...(input.refetchPath ? { refetchPath: input.refetchPath } : {}),
    });
    if (input.also) await input.also(ctx, entry);
    return entry;
  });
}

/** Deletes the row now; the server gets DELETE `path?baseVersion=n`. Discard restores the row from `base`. */
export async function deleteRecord<T extends TableName>(
  input: Common & { table: T; id: string | number; path: string; guard?: (row: RowOf<T>) => void },
): Promise<OutboxEntry> {
  return runMutation([input.table, 'photos', ...(input.tables ?? [])], async (ctx) => {
    const current = await rows(input.table).get(input.id);
    if (!current) throw new Error(`${input.table}:${String(input.id)} not found`);
    input.guard?.(current as RowOf<T>);
    await rows(input.table).delete(input.id);
    // Its photos still waiting to upload go too: their parent will be gone on the server.
    await dropPendingPhotosOf(input.table, input.id);
    const entry = await ctx.enqueue({
      op: 'delete',
      table: input.table,
      recordId: input.id,
      request: { method: 'DELETE', path: input.path, wrap: 'none', versionIn: 'query' },
      payload: {},
      rowPatch: null,
      base: withoutLocal(current),
      baseVersion: typeof current.version === 'number' ? current.version : null,
      dependsOn: input.dependsOn ?? [],
      ownerUserKey: input.userKey,
      ...(input.refetchPath ? { refetchPath: input.refetchPath } : {}),
    });
    if (input.also) await input.also(ctx, entry);
    return entry;
  });
}
