// Reads of the service-calls screens (live-queried by the hooks). The list is read page by page from
// ordered indexes (callsPage.ts).
import Dexie from 'dexie';
import { db } from '../../db/db';
import type { PhotoRow, ServiceCallRow, ServiceCallUpdateRow } from '../../db/schema';
import type { ServiceCallDomain } from '../../lib/domain/entities';
import { findCallsPage } from './callsPage';
import type { CallsQuery } from './callsPage';
import { compareCalls } from './listOrder';

export type { CallsPage, CallsQuery } from './callsPage';
export { findCallsPage } from './callsPage';

/** The whole list in the chosen order (findCallsPage for one page). */
export async function findServiceCalls(q: CallsQuery): Promise<ServiceCallRow[]> {
  return (await findCallsPage(q, 0, Number.POSITIVE_INFINITY)).rows;
}

export function countOpenCalls(buildingId: number | null): Promise<number> {
  return buildingId === null
    ? db.serviceCalls.where('tab').equals('open').count()
    : db.serviceCalls.where('[buildingId+tab]').equals([buildingId, 'open']).count();
}

export function getServiceCall(id: string): Promise<ServiceCallRow | undefined> {
  return db.serviceCalls.get(id);
}

/** Newest first. */
export async function updatesOf(serviceCallId: string): Promise<ServiceCallUpdateRow[]> {
  const rows = await db.serviceCallUpdates.where('[serviceCallId+createdAt]').between([serviceCallId, Dexie.minKey], [serviceCallId, Dexie.maxKey]).toArray();
  return rows.reverse();
}

/** Photos of a call and of its updates, by owner id. */
export async function photosOfCall(serviceCallId: string, updateIds: readonly string[]): Promise<Map<string, PhotoRow[]>> {
  const keys: [string, string][] = [['serviceCalls', serviceCallId], ...updateIds.map((id): [string, string] => ['serviceCallUpdates', id])];
  const rows = await db.photos.where('[ownerTable+ownerId]').anyOf(keys).toArray();
  const byOwner = new Map<string, PhotoRow[]>();
  for (const row of rows.sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))) byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row]);
  return byOwner;
}

/** Open calls of the same building and domain: the add form offers to join one of them. */
export async function openCallsLike(buildingId: number, domain: ServiceCallDomain): Promise<ServiceCallRow[]> {
  const rows = await db.serviceCalls
    .where('[buildingId+tab]')
    .equals([buildingId, 'open'])
    .filter((r) => r.domain === domain)
    .toArray();
  return rows.sort(compareCalls('openedAt'));
}
