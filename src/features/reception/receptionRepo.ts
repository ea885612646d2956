// The front desk's visitors log: the day's log as the server last told it (meta `visitors:<bid>`) and
// the arrivals and departures logged here (meta `visitor:<id>`, `visitor.leave:<id>`), each sent
// through the outbox, so the desk works with no connection.
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import { entityKeyOf, newId } from '../../db/mutate';
import type { SyncState } from '../../db/schema';
import { deskVisitorList } from '../../lib/answers';
import type { PassRecord } from '../../lib/deskAnswers';
import { visitorPassDayAnswer } from '../../lib/deskAnswers';
import { api, callWithRelogin } from '../../session/api';
import type { DeskVisitor } from '../../lib/answers';
import { startOfDay } from '../../lib/dates';
import { refuse } from '../../lib/validation/rules';
import { validateVisitor } from '../../lib/validation/visitorRules';
import type { VisitorInput } from '../../lib/validation/visitorRules';
import { currentActor } from '../../sync/write/actor';
import { createRecord } from '../../sync/write/writePath';
import type { MetaOutboxKey } from '../../sync/write/outboxSubjects';

export type { DeskVisitor };
export type VisitorView = DeskVisitor & { syncState: SyncState };

const LOG_PREFIX = 'visitors:';
const ARRIVAL_PREFIX = 'visitor:';
const LEAVE_PREFIX = 'visitor.leave:';

type Arrival = { key: string; value: DeskVisitor; syncState: SyncState };
type Leave = { key: string; value: { visitorId: string; leftAt: string }; syncState: SyncState };

export async function pullVisitors(api: ApiClient, buildingId: number): Promise<void> {
  const since = startOfDay(new Date()).toISOString();
  const { records } = answerOf(deskVisitorList, await api.request('GET', `buildings/${buildingId}/visitors`, { since }));
  await db.meta.put({ key: `${LOG_PREFIX}${buildingId}`, value: records });
}

/** The day's log: the server's copy with what was logged on this device on top, newest arrival first. */
export async function visitorsOf(buildingId: number): Promise<VisitorView[]> {
  const server = ((await db.meta.get(`${LOG_PREFIX}${buildingId}`))?.value as DeskVisitor[] | undefined) ?? [];
  const arrivals = ((await db.meta.where('key').startsWith(ARRIVAL_PREFIX).toArray()) as Arrival[]).filter((a) => a.value.buildingId === buildingId);
  const leaves = new Map(((await db.meta.where('key').startsWith(LEAVE_PREFIX).toArray()) as Leave[]).map((l) => [l.value.visitorId, l]));
  const byId = new Map<string, VisitorView>(server.map((v) => [v.id, { ...v, syncState: 'synced' }]));
  const today = startOfDay(new Date()).toISOString();
  for (const a of arrivals)
    if (!byId.has(a.value.id) && (a.value.arrivedAt >= today || a.syncState !== 'synced')) byId.set(a.value.id, { ...a.value, syncState: a.syncState });
  for (const [id, leave] of leaves) {
    const v = byId.get(id);
    if (v && !v.leftAt) byId.set(id, { ...v, leftAt: leave.value.leftAt, syncState: leave.syncState === 'synced' ? v.syncState : leave.syncState });
  }
  return [...byId.values()].sort((a, b) => (a.arrivedAt < b.arrivedAt ? 1 : -1));
}

/** Logs an arrival; `passId` lets in a visitor a tenant pre-approved (features/desk/deskRepo.ts). */
export async function logArrival(buildingId: number, input: VisitorInput, passId: string | null = null): Promise<string> {
  refuse(validateVisitor(input));
  const actor = await currentActor();
  const id = newId();
  const key: MetaOutboxKey = `${ARRIVAL_PREFIX}${id}`;
  const value: DeskVisitor = {
    id,
    buildingId,
    name: input.name.trim(),
    apartment: input.apartment.trim(),
    arrivedAt: new Date().toISOString(),
    leftAt: null,
    createdBy: '',
    passId,
  };
  const payload = { id, buildingId, name: value.name, apartment: value.apartment, arrivedAt: value.arrivedAt, ...(passId ? { passId } : {}) };
  await createRecord({ table: 'meta', id: key, row: { key, value }, path: 'visitors', payload, userKey: actor.userKey });
  return id;
}

/** The visitor left now; sent after their arrival, if that is still on its way. */
export async function logDeparture(visitorId: string): Promise<void> {
  const actor = await currentActor();
  const key: MetaOutboxKey = `${LEAVE_PREFIX}${visitorId}`;
  if (await db.meta.get(key)) return;
  const leftAt = new Date().toISOString();
  await createRecord({
    table: 'meta',
    id: key,
    row: { key, value: { visitorId, leftAt } },
    path: `visitors/${visitorId}/leave`,
    payload: { leftAt },
    dependsOn: [entityKeyOf('meta', `${ARRIVAL_PREFIX}${visitorId}`)],
    userKey: actor.userKey,
  });
}

/** The visitors tenants pre-approved for today (the server's day in Israel): read online. */
export async function expectedToday(buildingId: number): Promise<PassRecord[]> {
  return answerOf(visitorPassDayAnswer, await callWithRelogin(() => api.request('GET', `buildings/${buildingId}/visitor-passes`))).records;
}
