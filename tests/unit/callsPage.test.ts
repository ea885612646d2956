// The indexed list pages must equal the straightforward reading (every row of the scope, filtered by
// the typed words, sorted by compareCalls, sliced) on a realistic generated data set, ties included.
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCalls, typedQueries } from '../../scripts/bench/callData';
import { db } from '../../src/db/db';
import type { ServiceCallRow } from '../../src/db/schema';
import type { ServiceCallTab } from '../../src/lib/domain/entities';
import { applyServerRecords } from '../../src/sync/write/rows';
import { resetDb } from '../../src/sync/testing/setup';
import { findCallsPage } from '../../src/features/service-calls/callsPage';
import type { CallsQuery } from '../../src/features/service-calls/callsPage';
import { callOrders, compareCalls, matchesTerms, searchTerms } from '../../src/features/service-calls/listOrder';
import { findServiceCalls } from '../../src/features/service-calls/serviceCallsQueries';

const BUILDINGS = [101, 102, 103, 104, 105];

async function reference(q: CallsQuery): Promise<ServiceCallRow[]> {
  const terms = searchTerms(q.search);
  const rows = await db.serviceCalls.toArray();
  return rows
    .filter((r) => r.tab === q.tab && (q.buildingId === null || r.buildingId === q.buildingId) && (terms.length === 0 || matchesTerms(r.searchWords, terms)))
    .sort(compareCalls(q.order));
}

const ids = (rows: readonly ServiceCallRow[]) => rows.map((r) => r.id);

beforeAll(async () => {
  await resetDb();
  const calls = generateCalls({ count: 1_500, buildingIds: BUILDINGS, seed: 7 });
  calls.forEach((call, i) => {
    // Ties on every sort key: same opening minute for runs of calls, updates sharing one instant.
    if (i % 7 === 0 && i > 0) call.openedAt = calls[i - 1]?.openedAt ?? call.openedAt;
    if (i % 3 === 0) call.lastUpdateAt = i % 2 === 0 ? '2026-01-01T09:00:00.000Z' : call.openedAt;
    else call.lastUpdateAt = new Date(Date.parse(call.openedAt) + (i % 11) * 3_600_000).toISOString();
  });
  await applyServerRecords('serviceCalls', calls as unknown as Record<string, unknown>[]);
}, 180_000);

// Hundreds of queries over fake-indexeddb: minutes of CPU on a loaded 2-core machine, not a speed target.
describe('paged service-calls list over a generated data set', { timeout: 180_000 }, () => {
  const scopes = [null, 103];
  const tabs: ServiceCallTab[] = ['open', 'closed', 'planned'];

  it('pages every order of every tab exactly like sorting the whole tab', async () => {
    for (const buildingId of scopes) {
      for (const tab of tabs) {
        for (const order of callOrders) {
          const q = { buildingId, tab, search: '', order };
          const all = await reference(q);
          expect(all.length).toBeGreaterThan(0);
          expect(ids(await findServiceCalls(q))).toEqual(ids(all));
          for (const [offset, limit] of [
            [0, 50],
            [50, 50],
            [37, 113],
            [all.length - 5, 50],
            [all.length, 50],
          ] as const) {
            const page = await findCallsPage(q, offset, limit);
            expect(page.total).toBe(all.length);
            expect(ids(page.rows)).toEqual(ids(all.slice(offset, offset + limit)));
          }
        }
      }
    }
  });

  it('searches as you type with the same results, order and counts, on small and large result sets', async () => {
    const queries = [...typedQueries(['נזילת מים', 'חדר המדרגות']), 'ב', 'נ מ', '5012', 'אין כזה', 'דחוף דחוף'];
    let most = 0;
    for (const buildingId of scopes) {
      for (const search of queries) {
        for (const order of callOrders) {
          const q = { buildingId, tab: 'open' as const, search, order };
          const all = await reference(q);
          const first = await findCallsPage(q, 0, 50);
          most = Math.max(most, first.total ?? 0);
          expect(first.total, `${search} ${order}`).toBe(all.length);
          expect(ids(first.rows)).toEqual(ids(all.slice(0, 50)));
          const second = await findCallsPage(q, 50, 50);
          expect(ids(second.rows)).toEqual(ids(all.slice(50, 100)));
        }
      }
    }
    expect(most, 'a search large enough to be ordered by index keys').toBeGreaterThan(400);
  });

  it('sees a change made after the first read (a closed call leaves the open pages)', async () => {
    const q: CallsQuery = { buildingId: 101, tab: 'open', search: '', order: 'priority' };
    const before = await findCallsPage(q, 0, 10);
    const first = before.rows[0];
    if (!first) throw new Error('no open call');
    await db.serviceCalls.update(first.id, { status: 'closed', tab: 'closed' });
    const after = await findCallsPage(q, 0, 10);
    expect(after.total).toBe(Number(before.total) - 1);
    expect(ids(after.rows)).toEqual(ids((await reference(q)).slice(0, 10)));
  });

  it('follows every kind of change after the list was read: new, moved in the order, deleted, a large pull, a clear', async () => {
    const q: CallsQuery = { buildingId: null, tab: 'open', search: '', order: 'lastUpdateAt' };
    const check = async () => {
      for (const order of callOrders) {
        const query = { ...q, order };
        const page = await findCallsPage(query, 0, 40);
        const all = await reference(query);
        // After a large write the list is read again; meanwhile the first page comes from an index, uncounted.
        expect(page.total ?? (all.length > 40 ? all.length : null), order).toBe(all.length);
        expect(ids(page.rows), order).toEqual(ids(all.slice(0, 40)));
      }
    };
    await check();
    const [a, b] = (await findCallsPage(q, 5, 2)).rows;
    if (!a || !b) throw new Error('no calls');
    await db.serviceCalls.put({ ...a, id: 'new-call', lastUpdateAt: '2030-01-01T00:00:00.000Z', searchWords: ['חדשה'] });
    await db.serviceCalls.update(b.id, { lastUpdateAt: '2031-01-01T00:00:00.000Z', priority: 'urgent' });
    await db.serviceCalls.delete(a.id);
    await check();
    expect((await findCallsPage({ ...q, search: 'חדש' }, 0, 5)).rows.map((r) => r.id)).toEqual(['new-call']);
    await applyServerRecords('serviceCalls', generateCalls({ count: 300, buildingIds: BUILDINGS, seed: 11 }) as unknown as Record<string, unknown>[]);
    await check();
    await db.serviceCalls.clear();
    expect(await findCallsPage(q, 0, 10)).toEqual({ rows: [], total: 0 });
  });
});
