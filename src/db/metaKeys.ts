// The purposes of the `meta` table, each declared once with the type of its value: a fixed key, or a
// family of keys (a prefix and what makes one row of it: a building, a file). Repositories read and
// write `meta` through `getMeta`/`putMeta` with these, so a key and its value type cannot drift apart
// between the writer and the readers. Being migrated: the purposes not declared here still use
// `db.meta` with their own string keys (docs/architecture.md, "Screens").
import type { DocumentRecord, GalleryItem } from '../lib/answers';
import type { BuildingEvent, GateView } from '../lib/domain/buildingLife';
import { db } from './db';

/** One row of `meta` whose value is a `V` (the type is carried, never stored). */
export type MetaKey<V> = { readonly key: string; readonly valueType?: (value: V) => void };

function fixed<V>(key: string): MetaKey<V> {
  return { key };
}

/** Keys `<prefix><part>`, one row per part; `prefix` lists the parts stored (`storedParts`). */
export type MetaFamily<V, Part extends string | number> = ((part: Part) => MetaKey<V>) & { readonly prefix: string };

function family<V, Part extends string | number>(prefix: string): MetaFamily<V, Part> {
  return Object.assign((part: Part): MetaKey<V> => ({ key: `${prefix}${part}` }), { prefix });
}

/** A building's documents as last pulled. */
export type StoredDocuments = { buildingId: number; records: DocumentRecord[]; pulledAt: string };
/** A document's bytes, kept once opened. */
export type StoredDocumentFile = { id: string; blob: Blob; mimeType: string; storedAt: string };

export const metaKeys = {
  /** The company's `closing_message_days` global as the server gave it (serviceCallSettings.ts). */
  closingMessageDays: fixed<string | number | null>('serviceCalls.closingMessageDays'),
  /** A building's gallery as last pulled. */
  galleryList: family<GalleryItem[], number>('gallery.list:'),
  /** A gallery image's bytes, kept once shown. */
  galleryFile: family<Blob, string>('gallery.file:'),
  /** A building's gates as last pulled. */
  gatesList: family<{ records: GateView[]; savedAt: string }, number>('gates.list:'),
  documentsList: family<StoredDocuments, number>('documents.list:'),
  documentFile: family<StoredDocumentFile, string>('documents.file:'),
  /** A building's events (the tenant room's calendar) as last pulled. */
  buildingEvents: family<{ records: BuildingEvent[]; savedAt: string }, number>('tenantRoom.events:'),
};

/** The value stored under `key`, undefined when there is none. */
export async function getMeta<V>(key: MetaKey<V>): Promise<V | undefined> {
  const row = await db.meta.get(key.key);
  // The one place a stored value takes its type: only putMeta writes these keys, with a `V`.
  return row?.value as V | undefined;
}

export async function putMeta<V>(key: MetaKey<V>, value: V): Promise<void> {
  await db.meta.put({ key: key.key, value });
}

/** The parts of `family` that have a row (the ids of the documents kept, say). */
export async function storedParts(family: Pick<MetaFamily<unknown, never>, 'prefix'>): Promise<string[]> {
  const keys = await db.meta.where('key').startsWith(family.prefix).primaryKeys();
  return keys.map((k) => k.slice(family.prefix.length));
}
