// Scheduled jobs run by one process of many: a run is claimed by moving the job's last start forward
// in one conditional update, which only one process can win per interval.
import type { Db } from '../db/database.ts';

const EPOCH = new Date(0).toISOString();

export const jobs = {
  /** True when this process should run `name` now (no run started within `intervalMs` before `at`). */
  async claim(db: Db, name: string, at: Date, intervalMs: number): Promise<boolean> {
    await db.run(db.q.insertInto('jobs').values({ name, lastStartedAt: EPOCH }).onConflict((oc) => oc.column('name').doNothing()));
    const due = new Date(at.getTime() - intervalMs).toISOString();
    const claimed = await db.run(
      db.q
        .updateTable('jobs')
        .set((eb) => ({ lastStartedAt: at.toISOString(), runs: eb('runs', '+', 1) }))
        .where('name', '=', name)
        .where('lastStartedAt', '<=', due),
    );
    return claimed.changes === 1;
  },
  runs: async (db: Db, name: string): Promise<number> => (await db.first(db.q.selectFrom('jobs').select('runs').where('name', '=', name)))?.runs ?? 0,
};
