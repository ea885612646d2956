// The committee fee bills itself (issue 29): for every building with a fee schedule, each period that has
// begun is charged to each apartment the schedule bills, due on the building's billing day. A charge is a
// ledger row with the id `fee:<apartment>:<period>` and the source ('committeeFee', same), so the primary
// key and the ledger's unique source index let one process of many post it: a second insert fails and
// (PostgreSQL retries the transaction) finds the row already there. Standing orders then settle it.
import type { Apartment } from '../../../src/lib/domain/entities.ts';
import type { FeeSchedule } from '../../../src/lib/domain/feeScheduleRules.ts';
import { periodFeeOf, periodsToBill } from '../../../src/lib/domain/feeScheduleRules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { apartments, contacts } from '../data/buildings.ts';
import { feeSchedules } from '../data/feeSchedules.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import { ledger } from '../data/ledger.ts';
import { israelLocalDate } from '../util/dates.ts';
import { scheduleLeasedJob } from './leasedJob.ts';

export const FEE_BILLING_JOB = 'feeBilling';
export const COMMITTEE_FEE_SOURCE = 'committeeFee';
const INTERVAL_MS = 60 * 60_000;

export const feeChargeId = (apartmentId: string, period: string) => `fee:${apartmentId}:${period}`;

export type FeeBillingCounts = { posted: number };

/** Who pays: the building's payer (owner or renter) of the apartment, else the other, else anyone there. */
async function payerOf(db: Db, apartmentId: string, payer: FeeSchedule['payer']): Promise<string | null> {
  const people = await contacts.list(db, { apartmentId }, { orderBy: 'id' });
  const other = payer === 'owner' ? 'renter' : 'owner';
  return (people.find((c) => c.role === payer) ?? people.find((c) => c.role === other) ?? people[0])?.id ?? null;
}

/** Posts one apartment's charge for a period unless it is there; true when this call posted it. */
async function postFee(db: Db, companyId: number, apartment: Apartment, schedule: FeeSchedule, period: string, dueDate: string, at: string): Promise<boolean> {
  const amountAgorot = periodFeeOf(schedule, apartment);
  if (amountAgorot === null) return false;
  const id = feeChargeId(apartment.id, period);
  return db.tx(async (tx) => {
    if (await ledger.find(tx, id, companyId)) return false;
    const entry: StoredLedgerEntry = {
      id,
      buildingId: apartment.buildingId,
      kind: 'charge',
      date: `${period}-01`,
      amountAgorot,
      apartmentId: apartment.id,
      contactId: await payerOf(tx, apartment.id, schedule.payer),
      debtKind: 'currentCommittee',
      dueDate,
      group: null,
      description: `דמי ועד בית ${period}`,
      descriptionKey: 'committeeFee',
      descriptionParams: { period },
      settles: [],
      sourceKind: COMMITTEE_FEE_SOURCE,
      sourceId: `${apartment.id}:${period}`,
      createdAt: at,
      createdBy: 'feeBilling',
      version: 1,
      updatedAt: at,
    };
    await ledger.insert(tx, entry, companyId);
    return true;
  });
}

/** Bills every building's periods begun by today (Israel); safe to run from several processes at once. */
export async function runFeeBilling(ctx: Pick<AppContext, 'db' | 'now' | 'nowIso'>): Promise<FeeBillingCounts> {
  const { db } = ctx;
  const today = israelLocalDate(ctx.now());
  const counts: FeeBillingCounts = { posted: 0 };
  for (const { companyId, buildingId } of await feeSchedules.buildings(db)) {
    const periods = periodsToBill(await feeSchedules.ofBuilding(db, companyId, buildingId), today);
    if (periods.length === 0) continue;
    const units = await apartments.list(db, { buildingId }, { orderBy: 'id' });
    for (const { period, schedule, dueDate } of periods) {
      for (const apartment of units) if (await postFee(db, companyId, apartment, schedule, period, dueDate, ctx.nowIso())) counts.posted += 1;
    }
  }
  return counts;
}

/** Runs the job now and every hour, one process per interval (the `jobs` lease); returns the stopper. */
export function scheduleFeeBilling(ctx: AppContext, onError: (error: unknown) => void, intervalMs = INTERVAL_MS): () => Promise<void> {
  return scheduleLeasedJob(ctx, FEE_BILLING_JOB, () => runFeeBilling(ctx), onError, intervalMs);
}
