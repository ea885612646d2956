// Check payments: groups (one per payer and payment) and their checks.
import { counter } from '../db/counters.ts';
import type { Db } from '../db/database.ts';
import { resource } from '../db/records.ts';
import type { StoredCheck, StoredCheckGroup } from '../db/specs.ts';
import { specs } from '../db/specs.ts';

const FIRST_GROUP_ID = 5001;

const checkRecords = resource<StoredCheck>(specs.checks);

/** Payment ids: one counter over all companies. */
const groupIds = counter(FIRST_GROUP_ID, (q) => q.selectFrom('check_groups').select((eb) => eb.fn.max('ID').as('max')), 0);

export const checkGroups = {
  ...resource<StoredCheckGroup>(specs.checkGroups),
  /** The next payment id (one sequence over all companies, from 5001). */
  nextId: (db: Db) => db.nextNumber(groupIds, 'checkGroupId'),
};

export const checks = {
  ...checkRecords,
  /** A group's checks in the order they were scanned. */
  ofGroup: (db: Db, groupGuid: string) => checkRecords.list(db, { ChecksHeaderGuid: groupGuid }, { orderBy: 'createdAt' }),
  /** Marks a deposited group's checks sent, each with a new version. */
  markDeposited: (db: Db, groupGuid: string, at: string) =>
    db.run(
      db.q
        .updateTable('checks')
        .set((eb) => ({ SentToDeposit: true, LastStatusChange: at, version: eb('version', '+', 1) }))
        .where('ChecksHeaderGuid', '=', groupGuid),
    ),
};
