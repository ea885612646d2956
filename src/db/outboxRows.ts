// Row types of the outbox and the sync log. They live in the data layer because the outbox is written
// in the same transaction as the entity rows; the replay engine (src/sync) reads and updates them.

export type OutboxState = 'pending' | 'inFlight' | 'attention';
export type OutboxKind = 'mutation' | 'photo';
export type MutationMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type OutboxRequest = {
  method: MutationMethod;
  /** Style 1 path under the product prefix (or under `/api` when `prefix` is false). */
  path: string;
  prefix?: boolean;
  /** Extra query parameters (DELETE carries `baseVersion` here when `versionIn` is 'query'). */
  query?: Record<string, string | number | boolean>;
  /** How the editable payload becomes the body: as is, wrapped as `{ changes }`, or no body. */
  wrap: 'payload' | 'changes' | 'none';
  /** Where `baseVersion` is sent; absent for requests that are not versioned (creates). */
  versionIn?: 'body' | 'query';
};

/** Why an entry is not done: shown on the Sync screen (messageKey is translated). */
export type SyncError = {
  kind: 'rejected' | 'retry' | 'auth' | 'conflict';
  messageKey: string;
  message: string;
  status: number | null;
  code?: string;
  field?: string;
  /** Values of the reason's placeholders, e.g. the size limit of errors:fileTooLarge. */
  params?: Record<string, string | number>;
};

export type ConflictField = { field: string; base: unknown; mine: unknown; theirs: unknown };

/** A 409 that needs the user: the fields changed on both sides, and the server's record. */
export type ConflictInfo = {
  fields: ConflictField[];
  current: Record<string, unknown>;
  /** My changes that merged silently (sent along with whatever the user keeps). */
  merged: Record<string, unknown>;
};

export type OutboxEntry = {
  /** UUID, also the Idempotency-Key. Replaced by a fresh one only after a definitive refusal (409/4xx) when the body changes. */
  id: string;
  /** Monotonic across the device: replay order within a record, and dependency order. */
  seq: number;
  op: string; // 'create' | 'update' | 'delete' | 'upload' | feature verbs ('handover', 'status', …)
  table: string;
  recordId: string | number;
  entityKey: string; // `${table}:${recordId}`
  request: OutboxRequest;
  /** The fields sent (editable on the Sync screen when the server refuses them). */
  payload: Record<string, unknown>;
  /** What this entry changed in the local row (re-applied on top of server records); null = row deleted. */
  rowPatch: Record<string, unknown> | null;
  /** Row values before the change for the patched fields (three-way merge base); the whole row for deletes. */
  base: Record<string, unknown> | null;
  baseVersion: number | null;
  dependsOn: string[];
  kind: OutboxKind;
  createdAt: string;
  attempts: number;
  /** Epoch ms; 0 = as soon as possible. */
  nextAttemptAt: number;
  state: OutboxState;
  lastError: SyncError | null;
  lastAttemptAt?: string;
  ownerUserKey: string;
  conflict?: ConflictInfo | null;
  /** GET path that returns the server's record (`{ record }` or the record), used by discard. */
  refetchPath?: string;
};

export type SyncOutcome = 'applied' | 'retry' | 'auth' | 'conflict' | 'merged' | 'rejected' | 'error';

/** One replay attempt, kept for support (the last 1 000). */
export type SyncLogRow = {
  id?: number;
  at: string;
  entryId: string;
  entityKey: string;
  op: string;
  method: string;
  path: string;
  attempt: number;
  status: number | null;
  outcome: SyncOutcome;
  durationMs: number;
  message: string;
  ownerUserKey: string;
  /** What started the replay pass that made the attempt (e.g. `worker:sync-event`), for support. */
  trigger?: string;
};
