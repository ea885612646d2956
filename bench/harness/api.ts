// What the harness page exposes as `window.bench` (driven by scripts/bench over playwright-core).
import type { DbCounts } from './dbCounters';

export type LocalWriteOptions = { count: number; warmup: number };
export type LocalWriteResult = { repo: number[]; bare: number[]; outboxEntries: number; rows: number };

export type ListLoadOptions = { rows: number };
export type ListLoadResult = { rows: number; openRows: number; loadMs: number };
export type ListQueryOptions = { pageSize: number; pages: number; queries: string[] };
export type ListQueryResult = { search: number[]; paging: number[]; hits: number[] };

export type LongListsLoadOptions = { rows: number };
export type LongListsLoadResult = { contacts: number; keys: number; readings: number; loadMs: number };
export type LongListsQueryOptions = { contactQueries: string[]; itemQueries: string[]; metersPerBuilding: number };
/** Milliseconds per query of each list (and of each list's first read, which reads every row). */
export type LongListsQueryResult = {
  firstRead: { contacts: number; items: number; readings: number };
  contacts: number[];
  items: number[];
  readings: number[];
  contactHits: number;
  itemHits: number;
};

/** Which screen opens: the open calls of the company, a first contact search of a building, a building's pending keys, a meter's readings, a building's meters. */
export type ListOpenOptions = {
  list: 'calls' | 'contacts' | 'keys' | 'readings' | 'meters';
  pageSize: number;
  buildingId: number;
  meterId: string;
  search: string;
};
/** The first page's time and rows, and the time until the list was in memory after it (from the same start). */
export type ListOpenResult = { firstPageMs: number; rows: number; inMemoryMs: number };

export type ReplaySetupOptions = { token: string; buildingId: number; ids: string[] };
export type ReplayEnqueueOptions = { ids: string[]; count: number };
export type ReplayRunResult = {
  ms: number;
  /** Entries applied according to the engine's reports. */
  applied: number;
  /** HTTP requests the engine made (PATCH alone, or batches). */
  attempts: number;
  /** Of those, batch requests (POST sync/batch). */
  batches: number;
  /** Attempts answered 409 and merged (same change sent again on the newer version). */
  merged: number;
  left: number;
  attention: number;
  passes: number;
  /** Sum of the requests' durations (requests overlap: up to the engine's concurrency). */
  fetchMs: number;
  db: DbCounts;
};

export type QueueRequest = { url: string; method: string; headers: Record<string, string>; body: string };
export type QueueReplayResult = { ms: number; left: number; statuses: Record<string, number> };

export type PhotoOptions = { runs: number; width: number; height: number; profile: 'attachment' | 'check' | 'meter' };
export type PhotoResult = {
  inputBytes: number;
  real: number[];
  floor: number[];
  realBytes: number;
  floorBytes: number;
  realSize: string;
  longTasks: number;
  longTaskMs: number;
  longTaskSupported: boolean;
};

export type TakeDayRunOptions = { token: string; userName: string; workerGuid: string; date: string; emptyDevice: boolean };
export type TakeDayRunResult = {
  ms: number;
  buildings: number;
  /** Steps and buildings that failed (none expected). */
  failed: string[];
  /** Whether the take went through the incremental pull (else building by building). */
  incremental: boolean;
  /** Records on the device afterwards (every table but the outbox, the log, meta and photos). */
  records: number;
  photos: number;
};

export type BenchApi = {
  localWrite(options: LocalWriteOptions): Promise<LocalWriteResult>;
  listLoad(options: ListLoadOptions): Promise<ListLoadResult>;
  listQuery(options: ListQueryOptions): Promise<ListQueryResult>;
  longListsLoad(options: LongListsLoadOptions): Promise<LongListsLoadResult>;
  longListsQuery(options: LongListsQueryOptions): Promise<LongListsQueryResult>;
  listOpen(options: ListOpenOptions): Promise<ListOpenResult>;
  replaySetup(options: ReplaySetupOptions): Promise<{ pulled: number }>;
  replayEnqueue(options: ReplayEnqueueOptions): Promise<{ entries: number }>;
  replayRun(): Promise<ReplayRunResult>;
  queueReady(): Promise<{ state: string }>;
  queueFill(requests: QueueRequest[]): Promise<{ queued: number }>;
  queueReplay(): Promise<QueueReplayResult>;
  photo(options: PhotoOptions): Promise<PhotoResult>;
  takeDayRun(options: TakeDayRunOptions): Promise<TakeDayRunResult>;
};
