// Group commit for the replayer: writes asked for while a transaction is committing wait and then go
// together in the next one, so a burst of answers costs one IndexedDB transaction, not one each. A
// write is durable when its promise resolves; until then its entry stays "in flight" and a crash
// retries it under the same Idempotency-Key, exactly as if the answer had never arrived.
import Dexie from 'dexie';
import type { Table } from 'dexie';
import { db } from '../db/db';

type Job = { tables: readonly Table[]; run: () => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

export type GroupCommit = {
  /** Runs `run` (Dexie work only) inside a rw transaction over `tables`, shared with other waiting writes. */
  write<T>(tables: readonly Table[], run: () => Promise<T>): Promise<T>;
};

const MAX_BATCH = 32;

export function createGroupCommit(): GroupCommit {
  let waiting: Job[] = [];
  let busy = false;

  async function alone(job: Job): Promise<void> {
    try {
      // The scope function must be `async`: Dexie keeps a transaction alive across native awaits only then.
      job.resolve(await db.transaction('rw', [...job.tables], async () => job.run()));
    } catch (error) {
      job.reject(error);
    }
  }

  async function drain(): Promise<void> {
    busy = true;
    try {
      while (waiting.length > 0) {
        const jobs = waiting.slice(0, MAX_BATCH);
        waiting = waiting.slice(jobs.length);
        if (jobs.length === 1) {
          await alone(jobs[0] as Job);
          continue;
        }
        const tables = [...new Set(jobs.flatMap((j) => j.tables))];
        try {
          const results = await db.transaction('rw', tables, async () => {
            const out: unknown[] = [];
            for (const job of jobs) out.push(await job.run());
            return out;
          });
          jobs.forEach((job, i) => job.resolve(results[i]));
        } catch {
          // One failing write aborted the batch: each goes again on its own, so only that one fails.
          for (const job of jobs) await alone(job);
        }
      }
    } finally {
      busy = false;
    }
  }

  return {
    write<T>(tables: readonly Table[], run: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ tables, run, resolve: resolve as (value: unknown) => void, reject });
        // A write asked for from code that follows another transaction must not become its child.
        if (!busy) void Dexie.ignoreTransaction(() => drain());
      });
    },
  };
}
