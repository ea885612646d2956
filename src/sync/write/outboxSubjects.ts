// What an outbox entry is about, in words a screen can title: the table it writes, or — for the
// `meta` records that travel as entries (a visitor's arrival, a feedback, a signed form…) — the kind
// named by the key's prefix. The write path accepts only the tables, ops and meta kinds listed here,
// so a title table over these types (features/sync/entryTitles.ts) covers every entry at compile time.
import type { TableName } from '../../db/db';
import type { OutboxEntry } from '../../db/outboxRows';

/** Tables a change can be written to (the outbox and its log are bookkeeping, never a change's table). */
export type OutboxTable = Exclude<TableName, 'outbox' | 'syncLog'>;

/** Every op an entry can carry: the three of the write path, the photo upload, and the feature verbs. */
export const OUTBOX_OPS = [
  'create',
  'update',
  'delete',
  'upload',
  'status',
  'close',
  'cancel',
  'handover',
  'pricePerKwh',
  'approve',
  'finishScan',
  'submit',
] as const;
export type OutboxOp = (typeof OUTBOX_OPS)[number];
/** The ops a repository may name for a change (create, delete and upload are the write path's own). */
export type ChangeOp = Exclude<OutboxOp, 'create' | 'delete' | 'upload'>;

/** `meta` records sent as outbox entries, by the prefix of their key (`<kind>:<id>`). */
export const META_OUTBOX_KINDS = [
  'visitor',
  'visitor.leave',
  'profile.request',
  'terms.approval',
  'notifications.change',
  'feedback.send',
  'charge.add',
  'maintenancePlan.send',
  'signedForm',
  'language.change',
  'tenantCall.join',
  'poll.vote',
  'thread.open',
  'thread.message',
] as const;
export type MetaOutboxKind = (typeof META_OUTBOX_KINDS)[number];
/** The key of a `meta` record that travels as an entry; the write path refuses any other at compile time. */
export type MetaOutboxKey = `${MetaOutboxKind}:${string}`;

/** The key of a record of `table`: a meta entry's names its kind. */
export type OutboxRecordId<T extends OutboxTable> = T extends 'meta' ? MetaOutboxKey : string | number;

/** What an entry is about: a table, or a kind of meta record. */
export type OutboxSubject = Exclude<OutboxTable, 'meta'> | MetaOutboxKind;

const metaKinds: ReadonlySet<string> = new Set(META_OUTBOX_KINDS);
const ops: ReadonlySet<string> = new Set(OUTBOX_OPS);

export function isMetaOutboxKind(kind: string): kind is MetaOutboxKind {
  return metaKinds.has(kind);
}

export function isOutboxOp(op: string): op is OutboxOp {
  return ops.has(op);
}

/** The subject of an entry, or null for one this version does not know (written by another version). */
export function subjectOf(entry: Pick<OutboxEntry, 'table' | 'recordId' | 'kind'>): OutboxSubject | null {
  if (entry.kind === 'photo') return 'photos';
  if (entry.table === 'meta') {
    const key = String(entry.recordId);
    const kind = key.slice(0, key.indexOf(':'));
    return isMetaOutboxKind(kind) ? kind : null;
  }
  return isSubjectTable(entry.table) ? entry.table : null;
}

// Every table but meta, kept in step with the database by the Record type below.
const subjectTables: Record<Exclude<OutboxTable, 'meta'>, true> = {
  buildings: true,
  apartments: true,
  contacts: true,
  serviceCalls: true,
  serviceCallUpdates: true,
  meters: true,
  meterReadings: true,
  keys: true,
  mailItems: true,
  visits: true,
  dailyPlans: true,
  facilities: true,
  maintenanceTests: true,
  debts: true,
  checkGroups: true,
  checks: true,
  expenses: true,
  ledgerEntries: true,
  budgetLines: true,
  suppliers: true,
  bids: true,
  photos: true,
};

function isSubjectTable(table: string): table is Exclude<OutboxTable, 'meta'> {
  return Object.hasOwn(subjectTables, table);
}
