// The `meta` table without Dexie, for what the sign-in page reads before anything else loads (the
// session vault, the cached dictionary, the daily version check): Dexie and the schema are ~31 KB
// gzip the sign-in page does not need (issue 13). Reads go straight to IndexedDB and never create
// the database; a write that must land goes through Dexie (db.ts, loaded then), which creates and
// upgrades it. A write that may wait (a cache) waits in memory for Dexie when there is no database yet.
import type { MetaRow } from './schema';

const DB_NAME = 'binyan';
const STORE = 'meta';

export type MetaStore = {
  get(key: string): Promise<MetaRow | undefined>;
  put(row: MetaRow): Promise<unknown>;
  delete(key: string): Promise<unknown>;
};

type DexieMeta = MetaStore;

let dexieMeta: DexieMeta | null = null;
/** Cache rows written before the database existed; db.ts stores them when it opens. */
const waiting = new Map<string, MetaRow>();

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The app's database when it exists with its `meta` table; null otherwise (nothing is created). */
function openExisting(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME);
    let missing = false;
    open.onupgradeneeded = () => {
      // No database yet: abort, so this read does not create an empty one before Dexie's schema.
      missing = true;
      open.transaction?.abort();
    };
    open.onsuccess = () => {
      const idb = open.result;
      if (!idb.objectStoreNames.contains(STORE)) {
        idb.close();
        resolve(null);
        return;
      }
      resolve(idb);
    };
    open.onerror = (event) => {
      if (missing) {
        event.preventDefault();
        resolve(null);
      } else reject(open.error ?? new Error('IndexedDB open failed'));
    };
    // Another context's open holds ours back only while it upgrades; Dexie then retries.
    open.onblocked = () => undefined;
  });
}

/**
 * Whether this device has the app's database, asked without creating one. (Dexie.exists creates a
 * probe database and then deletes it: that delete waits in line and can take the database another
 * context creates meanwhile — a sign-in, the service worker — with the session in it.)
 */
export async function databaseExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases === 'function') return (await indexedDB.databases()).some((d) => d.name === DB_NAME);
  const idb = await openExisting();
  idb?.close();
  return idb !== null;
}

async function withStore<T>(mode: IDBTransactionMode, operation: (store: IDBObjectStore) => IDBRequest<T>): Promise<{ value: T } | null> {
  const idb = await openExisting();
  if (idb === null) return null;
  try {
    const tx = idb.transaction(STORE, mode);
    const value = await request(operation(tx.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
    return { value };
  } finally {
    // Never kept open: a later Dexie upgrade (a new app version, another tab) must not wait for us.
    idb.close();
  }
}

async function dexie(): Promise<DexieMeta> {
  if (dexieMeta) return dexieMeta;
  await import('./db');
  if (!dexieMeta) throw new Error('db.ts did not register its meta table');
  return dexieMeta;
}

/** db.ts hands over its table; the cache rows written before the database existed are stored now. */
export async function attachDexieMeta(meta: DexieMeta): Promise<void> {
  dexieMeta = meta;
  const rows = [...waiting.values()];
  if (rows.length === 0) return;
  for (const row of rows) {
    await meta.put(row);
    if (waiting.get(row.key) === row) waiting.delete(row.key);
  }
}

export const metaStore: MetaStore & { putWhenStored(row: MetaRow): Promise<void> } = {
  async get(key) {
    const early = waiting.get(key);
    if (early) return early;
    if (dexieMeta) return dexieMeta.get(key);
    return (await withStore('readonly', (store) => store.get(key) as IDBRequest<MetaRow | undefined>))?.value;
  },
  async put(row) {
    waiting.delete(row.key);
    if (dexieMeta) return dexieMeta.put(row);
    if ((await withStore('readwrite', (store) => store.put(row))) !== null) return row.key;
    return (await dexie()).put(row);
  },
  async delete(key) {
    waiting.delete(key);
    if (dexieMeta) return dexieMeta.delete(key);
    if ((await withStore('readwrite', (store) => store.delete(key))) !== null) return undefined;
    return (await dexie()).delete(key);
  },
  /** A cache row: stored now when the database exists, else when Dexie first opens it (after sign-in). */
  async putWhenStored(row) {
    if (dexieMeta) {
      await dexieMeta.put(row);
      return;
    }
    if ((await withStore('readwrite', (store) => store.put(row))) !== null) return;
    waiting.set(row.key, row);
  },
};
