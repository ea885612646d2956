// Durable SQLite commits without stopping the server for the disk: the connection commits with
// `synchronous = NORMAL` (the commit writes its pages to the write-ahead log, not yet synced), and the
// log is then synced here, on libuv's thread pool, before any caller of that commit is answered. That is
// what `synchronous = FULL` does inside COMMIT, but FULL holds the one JavaScript thread for the sync
// (under load, most of the server's time: issue 28). Commits made while a sync runs share the next one.
//
// Why this is as durable as FULL: a sync of the log file flushes every write made to it so far, by any
// connection of any process (the log is one file, written in commit order), and SQLite in NORMAL mode
// still syncs the log before a checkpoint copies it into the database, and the database after. The log
// is never deleted while this connection is open (only the last connection to close removes it).
import { open as openFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

export type WalSync = {
  /** Settles once every commit made before the call is on disk (rejects if the disk refused). */
  durable(): Promise<void>;
  /** The sync under way, if any (a commit made now would wait for it and then for its own). */
  underWay(): Promise<void> | null;
  /** Waits for the syncs under way and closes the log file. */
  close(): Promise<void>;
};

export function walSync(walPath: string): WalSync {
  let handle: Promise<FileHandle> | null = null;
  // The sync under way (it may have started before the caller's commit), and the one queued after it.
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  const syncNow = async (): Promise<void> => {
    // Opened on first use: the log exists once the connection has written.
    handle ??= openFile(walPath, 'r+').catch((error: unknown) => {
      handle = null;
      throw error;
    });
    await (await handle).datasync();
  };

  const start = (): Promise<void> => {
    const sync = syncNow().finally(() => {
      if (running === sync) running = null;
    });
    running = sync;
    return sync;
  };

  return {
    durable() {
      if (queued) return queued;
      if (!running) return start();
      queued = running
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return start();
        });
      return queued;
    },
    underWay: () => running,
    async close() {
      await Promise.allSettled([running, queued]);
      const opened = handle;
      handle = null;
      if (opened) await (await opened.catch(() => null))?.close();
    },
  };
}
