// Reads of the service-calls screens (live-queried by the hooks). Search uses the `searchWords`
// multi-entry index: one index range for the longest term, the other terms checked on those rows.
import Dexie from 'dexie';
import { db } from '../../db/db';
import type { PhotoRow, ServiceCallRow, ServiceCallUpdateRow } from '../../db/schema';
import type { ServiceCallDomain, ServiceCallTab } from '../../lib/domain/entities';
import { compareCalls, matchesTerms, searchTerms } from './listOrder';
import type { CallOrder } from './listOrder';

export type CallsQuery = { buildingId: number | null; tab: ServiceCallTab; search: string; order: CallOrder };

export async function findServiceCalls(q: CallsQuery): Promise<ServiceCallRow[]> {
  const terms = searchTerms(q.search);
  let rows: ServiceCallRow[];
  if (terms.length > 0) {
    const longest = terms.reduce((a, b) => (b.length > a.length ? b : a));
    const found = await db.serviceCalls.where('searchWords').startsWith(longest).distinct().toArray();
    rows = found.filter((r) => r.tab === q.tab && (q.buildingId === null || r.buildingId === q.buildingId) && matchesTerms(r.searchWords, terms));
  } else if (q.buildingId !== null) {
    rows = await db.serviceCalls.where('[buildingId+tab]').equals([q.buildingId, q.tab]).toArray();
  } else {
    rows = await db.serviceCalls.where('tab').equals(q.tab).toArray();
  }
  return rows.sort(compareCalls(q.order));
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
  const rows = await db.serviceCalls.where('[buildingId+tab]').equals([buildingId, 'open']).filter((r) => r.domain === domain).toArray();
  return rows.sort(compareCalls('openedAt'));
}
