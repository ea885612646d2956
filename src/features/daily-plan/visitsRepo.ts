// The daily plan and building visits. A visit is created on the device with a client UUID the first
// time the worker ticks an item or records it; later changes are versioned patches (write path).
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { dailyPlanAnswer } from '../../lib/answers';
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import type { VisitRow } from '../../db/schema';
import type { ChecklistItem, DailyPlan, DailyPlanEntry, Visit } from '../../lib/domain/entities';
import { validateVisit } from '../../lib/domain/visitRules';
import { refuse } from '../../lib/validation/rules';
import { currentActor } from '../../sync/write/actor';
import { pullInto } from '../../sync/replay/pull';
import { planKey, visitOf } from './visitsQueries';
import { changeRecord, createRecord } from '../../sync/write/writePath';

/** The checklist a visit shows: the visit's own ticks, plus plan items it does not have yet. */
export function mergedChecklist(entry: Pick<DailyPlanEntry, 'checklist'>, visit: Pick<Visit, 'checklist'> | null): ChecklistItem[] {
  const ticks = new Map((visit?.checklist ?? []).map((item) => [item.id, item]));
  const fromPlan = entry.checklist.map((item) => ({ ...item, done: ticks.get(item.id)?.done ?? false }));
  const extra = (visit?.checklist ?? []).filter((item) => !entry.checklist.some((p) => p.id === item.id));
  return [...fromPlan, ...extra];
}

// Two quick taps must not create two visits: changes of one visit run one after the other.
let queue: Promise<unknown> = Promise.resolve();
function serialized<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

type VisitChange = { checklist?: ChecklistItem[]; madeToday?: boolean; description?: string };

async function saveVisit(entry: DailyPlanEntry, visitDate: string, change: (current: VisitRow | null) => VisitChange): Promise<string> {
  const actor = await currentActor();
  const workerId = actor.workerGuid || actor.userName;
  const current = await visitOf(entry.buildingId, visitDate, workerId);
  const changes = change(current);
  const next = { madeToday: changes.madeToday ?? current?.madeToday ?? false, description: changes.description ?? current?.description ?? '' };
  refuse(validateVisit(next));
  if (current) {
    await changeRecord({ table: 'visits', id: current.id, changes, request: { path: `visits/${current.id}` }, userKey: actor.userKey });
    return current.id;
  }
  const id = newId();
  const now = new Date().toISOString();
  const visit: Visit = {
    id,
    buildingId: entry.buildingId,
    workerId,
    visitDate,
    description: next.description,
    madeToday: next.madeToday,
    checklist: changes.checklist ?? mergedChecklist(entry, null),
    version: 0,
    updatedAt: now,
  };
  const { version: _v, updatedAt: _u, workerId: _w, checklist, ...fields } = visit;
  // A plan worked out on the device (no plan stored for the day) knows no checklist: the server gives the visit its plan's.
  const payload = checklist.length > 0 ? { ...fields, checklist } : fields;
  await createRecord({ table: 'visits', id, row: { ...visit, syncState: 'local' }, path: 'visits', payload, userKey: actor.userKey });
  return id;
}

/** Ticks or unticks one checklist item of the building's visit today. Returns the visit id. */
export function setChecklistItem(entry: DailyPlanEntry, visitDate: string, itemId: string, done: boolean): Promise<string> {
  return serialized(() =>
    saveVisit(entry, visitDate, (current) => ({
      checklist: mergedChecklist(entry, current).map((item) => (item.id === itemId ? { ...item, done } : item)),
    })),
  );
}

/** Marks the visit as made today with its description (required, at least 10 characters). */
export function recordVisit(entry: DailyPlanEntry, visitDate: string, description: string): Promise<string> {
  return serialized(() => saveVisit(entry, visitDate, () => ({ madeToday: true, description: description.trim() })));
}

/** Refreshes the worker's plan of `planDate` (GET /daily-plan answers `{ plan }`, null on a day without one). */
export async function pullDailyPlan(api: ApiClient, planDate: string): Promise<DailyPlan | null> {
  const { plan = null } = answerOf(dailyPlanAnswer, await api.request('GET', 'daily-plan', { date: planDate }));
  if (plan) await keepDailyPlan(plan);
  return plan;
}

/** Stores a plan the server sent (the daily-plan call, or the incremental pull). */
export async function keepDailyPlan(plan: DailyPlan): Promise<void> {
  await db.dailyPlans.put({ ...plan, key: planKey(plan.workerId, plan.planDate) });
}

/** Refreshes the visits of a date, keeping visits with changes not sent yet. */
export async function pullVisits(api: ApiClient, visitDate: string) {
  return pullInto(api, { table: 'visits', path: 'visits', query: { date: visitDate }, scope: (row) => row.visitDate === visitDate });
}
