import type { Db } from './db/database.ts';

/** What every route and service needs; built once in createServer. */
export type AppContext = {
  db: Db;
  now: () => Date;
  nowIso: () => string;
  /** Writes a line to the server log and to the optional test hook (one-time and deposit codes). */
  secretLog: (line: string) => void;
  sessionIdleMs: number;
  appVersion: string;
};
