// The write path of every repository, and the only place outbox entries are built: one user action =
// its row changes, one outbox entry per change and the uploads of its photos, in ONE Dexie
// transaction (db/mutate.ts), so a crash leaves all of the action or none of it. Nothing is coalesced,
// so no intent is lost. Once the transaction commits the replay triggers hear of it (outboxEvents.ts).
import type { Table } from 'dexie';
import type { AppDB, TableName } from '../../db/db';
import { decorateRow } from '../../db/decorate';
import { entityKeyOf, runMutation } from '../../db/mutate';
import type { MutationContext, OutboxDraft } from '../../db/mutate';
import type { MutationMethod, OutboxEntry, OutboxRequest } from '../../db/outboxRows';
import type { PhotoRow } from '../../db/schema';
import { db } from '../../db/db';
import { announceOutboxWrites } from './outboxEvents';
import { dropPendingPhoto, dropPendingPhotosOf } from './photos';
import { tableOf } from './rows';
import type { ChangeOp, OutboxRecordId, OutboxTable } from './outboxSubjects';
import { isQuotaExceeded, noteStorageFull, noteStorageWritable, StorageFullError } from './storageFull';

export type RowOf<T extends TableName> = AppDB[T] extends Table<infer R, infer _K> ? R : never;
type Row = Record<string, unknown>;

/** What the whole action shares: who makes it, and what else it writes in its transaction. */
export type Action = {
  userKey: string;
  /** More tables written by `also` in the same transaction. */
  tables?: TableName[];
  /** Extra row writes that must commit together with the change (no outbox entries: those are built here). */
  also?: () => Promise<void>;
  /**
   * Photos stored with the action; each one's upload is queued behind its owner record, or behind `after`
   * (an entity key) when the owner is created by another record's request (a thread's first message).
   */
  uploads?: { photos: readonly PhotoRow[]; createdBy: number | null; after?: string };
  /** Photos the action replaces: those that never left the device go with their queued uploads. */
  dropPhotos?: readonly (string | null)[];
};

/**
 * A function of one table's row. Declared as a method so that each table's function fits where the
 * write path takes a function of any row (method parameters are compared both ways; React's idiom).
 */
type OfRow<R, Out> = { bivarianceHack(row: R): Out }['bivarianceHack'];

type Each = {
  /** Entity keys (`table:id`) that must be applied before this entry is sent. */
  dependsOn?: string[];
  /** GET path of the server's record (`{ record }`), used by discard. */
  refetchPath?: string;
};

export type CreateInput<T extends OutboxTable> = Each & { table: T; row: RowOf<T>; id: OutboxRecordId<T>; path: string; prefix?: boolean; payload?: Row };

export type ChangeInput<T extends OutboxTable> = Each & {
  table: T;
  id: OutboxRecordId<T>;
  /** What the change does, when more than an edit ('update'): the Sync screen titles the entry by it. */
  op?: ChangeOp;
  /** Fields sent to the server. */
  changes: Partial<RowOf<T>>;
  /** Local-only consequences of the change (e.g. the list tab that follows a status), from the current row. */
  rowChanges?: Partial<RowOf<T>> | OfRow<RowOf<T>, Partial<RowOf<T>>>;
  request: { method?: MutationMethod; path: string; prefix?: boolean; wrap?: OutboxRequest['wrap'] };
  /** Checked inside the transaction against the current row; throw to refuse the change. */
  guard?: OfRow<RowOf<T>, void | Promise<void>>;
};

export type DeleteInput<T extends OutboxTable> = Each & {
  table: T;
  id: OutboxRecordId<T>;
  path: string;
  guard?: OfRow<RowOf<T>, void | Promise<void>>;
  /** A provider that wants the record's keys in the body (DELETE check): sent as is, with `baseVersion`. */
  request?: { payload: Row };
};

// Each is a union over the tables, so a change's callbacks are typed by the table it names.
export type CreateChange = { [T in OutboxTable]: CreateInput<T> }[OutboxTable];
export type UpdateChange = { [T in OutboxTable]: ChangeInput<T> }[OutboxTable];
export type DeleteChange = { [T in OutboxTable]: DeleteInput<T> }[OutboxTable];

/** One change of an action: a record created, changed or deleted. */
export type Change = ({ kind: 'create' } & CreateChange) | ({ kind: 'change' } & UpdateChange) | ({ kind: 'delete' } & DeleteChange);

/** A change as the write path handles it, whatever its table (method-style hooks, so any table's fit). */
type AnyChange = Each & { table: OutboxTable; id: string | number } & (
    | { kind: 'create'; row: Row; path: string; prefix?: boolean; payload?: Row }
    | {
        kind: 'change';
        op?: ChangeOp;
        changes: Row;
        rowChanges?: Row | OfRow<Row, Row>;
        request: ChangeInput<OutboxTable>['request'];
        guard?: OfRow<Row, void | Promise<void>>;
      }
    | { kind: 'delete'; path: string; request?: { payload: Row }; guard?: OfRow<Row, void | Promise<void>> }
  );

function pick(row: Row, keys: Iterable<string>): Row {
  const out: Row = {};
  for (const key of keys) out[key] = row[key];
  return out;
}

function withoutLocal(row: Row): Row {
  const { syncState: _s, serverVersion: _v, searchWords: _w, ...rest } = row;
  return rest;
}

function versionOf(row: Row): number | null {
  return typeof row.version === 'number' ? row.version : null;
}

async function currentRow(table: TableName, id: string | number): Promise<Row> {
  const current = await tableOf(table).get(id);
  if (!current) throw new Error(`${table}:${String(id)} not found`);
  return current;
}

/** The row write and the outbox draft of one change, inside the action's transaction. */
async function draftOf(change: AnyChange, userKey: string): Promise<OutboxDraft> {
  const rows = tableOf(change.table);
  const common = {
    table: change.table,
    recordId: change.id,
    dependsOn: change.dependsOn ?? [],
    ownerUserKey: userKey,
    ...(change.refetchPath ? { refetchPath: change.refetchPath } : {}),
  };
  switch (change.kind) {
    case 'create': {
      const row: Row = { ...decorateRow(change.table, change.row), syncState: 'local' };
      await rows.add(row);
      return {
        ...common,
        op: 'create',
        request: { method: 'POST', path: change.path, wrap: 'payload', ...(change.prefix === false ? { prefix: false } : {}) },
        payload: change.payload ?? withoutLocal(row),
        rowPatch: withoutLocal(row),
        base: null,
        baseVersion: versionOf(row) ?? 0,
      };
    }
    case 'change': {
      const current = await currentRow(change.table, change.id);
      await change.guard?.(current);
      const payload = { ...change.changes };
      const derived = typeof change.rowChanges === 'function' ? change.rowChanges(current) : change.rowChanges;
      const rowPatch = { ...payload, ...derived };
      await rows.put({ ...decorateRow(change.table, { ...current, ...rowPatch }), syncState: 'local' });
      const { request } = change;
      return {
        ...common,
        op: change.op ?? 'update',
        request: {
          method: request.method ?? 'PATCH',
          path: request.path,
          wrap: request.wrap ?? 'changes',
          versionIn: 'body',
          ...(request.prefix === false ? { prefix: false } : {}),
        },
        payload,
        rowPatch,
        base: pick(current, Object.keys(rowPatch)),
        baseVersion: versionOf(current),
      };
    }
    case 'delete': {
      const current = await currentRow(change.table, change.id);
      await change.guard?.(current);
      await rows.delete(change.id);
      // Its photos still waiting to upload go too: their parent will be gone on the server.
      await dropPendingPhotosOf(change.table, change.id);
      const inBody = change.request !== undefined;
      return {
        ...common,
        op: 'delete',
        request: { method: 'DELETE', path: change.path, wrap: inBody ? 'payload' : 'none', versionIn: inBody ? 'body' : 'query' },
        payload: change.request?.payload ?? {},
        rowPatch: null,
        base: withoutLocal(current),
        baseVersion: versionOf(current),
      };
    }
  }
}

/** The path a photo entry names (its base64 upload before issue 30); replay/send.ts sends photos resumably. */
export const UPLOAD_PATH = 'files/upload/B64';

/** The upload of a stored photo, after its owner record (payload: what the upload names). */
function uploadOf(photo: PhotoRow, userKey: string, createdBy: number | null, after = entityKeyOf(photo.ownerTable, photo.ownerId)): OutboxDraft {
  return {
    op: 'upload',
    kind: 'photo',
    table: 'photos',
    recordId: photo.id,
    request: { method: 'POST', path: UPLOAD_PATH, prefix: false, wrap: 'none' },
    payload: { role: photo.role, ownerTable: photo.ownerTable, ownerId: photo.ownerId, ...(createdBy === null ? {} : { createdBy }) },
    rowPatch: {},
    base: null,
    baseVersion: null,
    dependsOn: [after],
    ownerUserKey: userKey,
  };
}

function scopeOf(action: Action, changes: readonly AnyChange[]): TableName[] {
  const photos: TableName[] = action.uploads || action.dropPhotos || changes.some((c) => c.kind === 'delete') ? ['photos'] : [];
  return [...changes.map((c) => c.table), ...photos, ...(action.tables ?? [])];
}

/**
 * One user action of several changes (e.g. finishing a payment's scan and submitting it): every row,
 * entry and upload commits in one transaction, in order, or nothing does. Returns the changes' entries.
 */
export function writeChanges(action: Action, changes: readonly Change[]): Promise<OutboxEntry[]> {
  return write(action, changes);
}

async function write(action: Action, changes: readonly AnyChange[]): Promise<OutboxEntry[]> {
  const { value, entries } = await runMutation(scopeOf(action, changes), async (ctx: MutationContext) => {
    for (const photoId of action.dropPhotos ?? []) await dropPendingPhoto(photoId);
    const written: OutboxEntry[] = [];
    for (const change of changes) written.push(await ctx.enqueue(await draftOf(change, action.userKey)));
    for (const photo of action.uploads?.photos ?? []) {
      await db.photos.add(photo);
      await ctx.enqueue(uploadOf(photo, action.userKey, action.uploads?.createdBy ?? null, action.uploads?.after));
    }
    await action.also?.();
    return written;
  }).catch((error: unknown) => {
    // The transaction rolled back as a whole: nothing of the action is stored, the screen keeps it.
    if (!isQuotaExceeded(error)) throw error;
    noteStorageFull();
    throw new StorageFullError(error);
  });
  noteStorageWritable();
  announceOutboxWrites(entries);
  return value;
}

async function writeOne(action: Action, change: AnyChange): Promise<OutboxEntry> {
  const [entry] = await write(action, [change]);
  if (!entry) throw new Error(`no entry written for ${change.table}:${String(change.id)}`);
  return entry;
}

/** A record created on the device: it keeps its client UUID on the server (`POST path`). */
export function createRecord(input: Action & CreateChange): Promise<OutboxEntry> {
  return writeOne(input, { kind: 'create', ...input });
}

/** A versioned change of an existing record (PATCH `{ baseVersion, changes }` by default). */
export function changeRecord(input: Action & UpdateChange): Promise<OutboxEntry> {
  return writeOne(input, { kind: 'change', ...input });
}

/** Deletes the row now; the server gets DELETE `path?baseVersion=n`. Discard restores the row from `base`. */
export function deleteRecord(input: Action & DeleteChange): Promise<OutboxEntry> {
  return writeOne(input, { kind: 'delete', ...input });
}
