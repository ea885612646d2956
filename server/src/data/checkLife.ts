// Each check's own life (migration 037, rules in src/lib/domain/checkLifeRules.ts) and the building's
// dated bounce fee. A status moves only from the one it is expected to be in, so of two moves at once
// exactly one changes the row.
import type { Selectable } from 'kysely';
import type { BounceFeeSetting, CheckLifeStatus } from '../../../src/lib/domain/checkLifeRules.ts';
import { checkLifeStatuses } from '../../../src/lib/domain/checkLifeRules.ts';
import type { Db } from '../db/database.ts';
import type { CheckBounceFeeTable, CheckLifeTable } from '../db/schema.ts';

export type CheckLife = Omit<CheckLifeTable, 'companyId' | 'status'> & { status: CheckLifeStatus };

const instant = (v: string | null): string | null => (v === null ? null : new Date(v).toISOString());

function statusOf(value: string): CheckLifeStatus {
  const found = checkLifeStatuses.find((s) => s === value);
  if (!found) throw new Error(`unknown check status ${value}`);
  return found;
}

function lifeOf(r: Selectable<CheckLifeTable>): CheckLife {
  const { companyId: _company, ...rest } = r;
  return {
    ...rest,
    buildingId: Number(r.buildingId),
    amountAgorot: Number(r.amountAgorot),
    status: statusOf(r.status),
    receivedAt: new Date(r.receivedAt).toISOString(),
    depositedAt: instant(r.depositedAt),
    clearedAt: instant(r.clearedAt),
    bouncedAt: instant(r.bouncedAt),
    version: Number(r.version),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

export type CheckListFilter = { status?: CheckLifeStatus; dueBy?: string; apartmentId?: string };

/** Who moved a check to a status and when: the columns each status writes. */
const stamp = {
  deposited: (at: string, by: string) => ({ depositedAt: at, depositedBy: by }),
  cleared: (at: string, by: string) => ({ clearedAt: at, clearedBy: by }),
  bounced: (at: string, by: string) => ({ bouncedAt: at, bouncedBy: by }),
} as const;

export const checkLife = {
  /** A confirmed payment's checks start their life as received (once: a repeat inserts nothing). */
  receive: async (db: Db, companyId: number, rows: readonly Omit<CheckLife, 'status' | 'depositedAt' | 'depositedBy' | 'clearedAt' | 'clearedBy' | 'bouncedAt' | 'bouncedBy' | 'version'>[]) => {
    for (const r of rows) {
      await db.run(
        db.q
          .insertInto('check_life')
          .values({ ...r, companyId, status: 'received', depositedAt: null, depositedBy: null, clearedAt: null, clearedBy: null, bouncedAt: null, bouncedBy: null, version: 1 })
          .onConflict((oc) => oc.column('CheckGuid').doNothing()),
      );
    }
  },

  find: async (db: Db, companyId: number, guid: string): Promise<(CheckLife & { companyId: number }) | undefined> => {
    const row = await db.first(db.q.selectFrom('check_life').selectAll().where('CheckGuid', '=', guid));
    return row && Number(row.companyId) === companyId ? { ...lifeOf(row), companyId } : undefined;
  },

  /** A building's checks by deposit date (the earliest first), optionally of one status or due by a date. */
  ofBuilding: async (db: Db, companyId: number, buildingId: number, filter: CheckListFilter = {}): Promise<CheckLife[]> => {
    let q = db.q.selectFrom('check_life').selectAll().where('companyId', '=', companyId).where('buildingId', '=', buildingId);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.dueBy) q = q.where('depositDate', '<=', filter.dueBy);
    return (await db.all(q.orderBy('depositDate').orderBy('receivedAt').orderBy('CheckGuid'))).map(lifeOf);
  },

  ofApartment: async (db: Db, companyId: number, apartmentId: string): Promise<CheckLife[]> =>
    (await db.all(db.q.selectFrom('check_life').selectAll().where('companyId', '=', companyId).where('apartmentId', '=', apartmentId).orderBy('depositDate'))).map(lifeOf),

  /** Moves the check from `from` to `to`; true only for the one call that moved it. */
  move: async (db: Db, guid: string, from: CheckLifeStatus, to: Exclude<CheckLifeStatus, 'received'>, at: string, by: string): Promise<boolean> =>
    (
      await db.run(
        db.q
          .updateTable('check_life')
          .set((eb) => ({ status: to, ...stamp[to](at, by), updatedAt: at, version: eb('version', '+', 1) }))
          .where('CheckGuid', '=', guid)
          .where('status', '=', from),
      )
    ).changes === 1,
};

function feeOf(r: Selectable<CheckBounceFeeTable>): BounceFeeSetting & { id: string; createdBy: string } {
  return { id: r.id, effectiveFrom: r.effectiveFrom, amountAgorot: Number(r.amountAgorot), createdAt: new Date(r.createdAt).toISOString(), createdBy: r.createdBy };
}

export const bounceFees = {
  /** The building's settings, the latest to take effect first. */
  ofBuilding: async (db: Db, companyId: number, buildingId: number) =>
    (
      await db.all(
        db.q.selectFrom('check_bounce_fees').selectAll().where('companyId', '=', companyId).where('buildingId', '=', buildingId).orderBy('effectiveFrom', 'desc').orderBy('createdAt', 'desc'),
      )
    ).map(feeOf),

  insert: (db: Db, row: CheckBounceFeeTable) => db.run(db.q.insertInto('check_bounce_fees').values(row)),
};
