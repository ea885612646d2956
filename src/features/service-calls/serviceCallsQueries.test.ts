import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import { applyServerRecords } from '../../sync/write/rows';
import { resetDb } from '../../sync/testing/setup';
import type { ServiceCall } from '../../lib/domain/entities';
import { compareCalls, matchesTerms, parseOrder, searchTerms } from './listOrder';
import { addUpdate, changeStatus, closeWithMessage, createServiceCall, joinServiceCall } from './serviceCallsRepo';
import { countOpenCalls, findServiceCalls, openCallsLike, photosOfCall, updatesOf } from './serviceCallsQueries';
import { pullServiceCallFiles } from './serviceCallFiles';
import { RuleError } from '../../lib/validation/rules';

const photo = { blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), width: 800, height: 600, hash: 'beef' };

function serverCall(over: Partial<ServiceCall>): ServiceCall {
  return {
    id: crypto.randomUUID(),
    buildingId: 101,
    callNumber: 1001,
    callType: 'fault',
    domain: 'plumbing',
    reporterContactId: null,
    reporterName: 'Dana Levi',
    status: 'open',
    priority: 'normal',
    subject: 'Leak',
    description: 'Water leak in the basement',
    openedAt: '2025-01-01T08:00:00.000Z',
    lastVisitAt: null,
    lastUpdateAt: '2025-01-01T08:00:00.000Z',
    closedAt: null,
    copyToMaintenanceManager: false,
    createdBy: 'w',
    version: 1,
    updatedAt: '2025-01-01T08:00:00.000Z',
    ...over,
  };
}

beforeEach(resetDb);

describe('service-calls list queries', () => {
  beforeEach(async () => {
    await applyServerRecords('serviceCalls', [
      serverCall({
        callNumber: 1001,
        subject: 'Elevator stuck',
        description: 'Elevator stuck on floor 3',
        domain: 'elevator',
        priority: 'urgent',
        openedAt: '2025-01-02T08:00:00Z',
        lastUpdateAt: '2025-01-05T08:00:00Z',
      }),
      serverCall({
        callNumber: 1002,
        subject: 'Lobby light',
        description: 'Light out in the lobby',
        domain: 'electricity',
        priority: 'low',
        openedAt: '2025-01-04T08:00:00Z',
        status: 'inTreatment',
      }),
      serverCall({
        callNumber: 1003,
        subject: 'Garden',
        description: 'Trim the hedge at the gate',
        domain: 'gardening',
        status: 'closed',
        reporterName: 'Moshe Cohen',
      }),
      serverCall({ callNumber: 1004, buildingId: 102, subject: 'Leak', description: 'Leak on the roof', openedAt: '2025-01-03T08:00:00Z' }),
      serverCall({ callNumber: 1005, subject: 'Painting', description: 'Paint the stairwell next month', status: 'planned' }),
    ] as unknown as Record<string, unknown>[]);
  });

  it('lists one tab of a building, or of every building, newest first', async () => {
    const open101 = await findServiceCalls({ buildingId: 101, tab: 'open', search: '', order: 'openedAt' });
    expect(open101.map((c) => c.callNumber)).toEqual([1002, 1001]);
    const openAll = await findServiceCalls({ buildingId: null, tab: 'open', search: '', order: 'openedAt' });
    expect(openAll.map((c) => c.callNumber)).toEqual([1002, 1004, 1001]);
    expect((await findServiceCalls({ buildingId: 101, tab: 'closed', search: '', order: 'openedAt' })).map((c) => c.callNumber)).toEqual([1003]);
    expect((await findServiceCalls({ buildingId: 101, tab: 'planned', search: '', order: 'openedAt' })).map((c) => c.callNumber)).toEqual([1005]);
  });

  it('orders by last update, priority or status', async () => {
    const q = { buildingId: null, tab: 'open' as const, search: '' };
    expect((await findServiceCalls({ ...q, order: 'lastUpdateAt' })).map((c) => c.callNumber)[0]).toBe(1001);
    expect((await findServiceCalls({ ...q, order: 'priority' })).map((c) => c.callNumber)).toEqual([1001, 1004, 1002]);
    expect((await findServiceCalls({ ...q, order: 'status' })).map((c) => c.callNumber)).toEqual([1004, 1001, 1002]);
  });

  it('searches as you type by subject, description, reporter and call number', async () => {
    const find = (search: string, tab: 'open' | 'closed' = 'open') =>
      findServiceCalls({ buildingId: null, tab, search, order: 'openedAt' }).then((r) => r.map((c) => c.callNumber));
    expect(await find('elev')).toEqual([1001]);
    expect(await find('LOBBY lig')).toEqual([1002]);
    expect(await find('moshe', 'closed')).toEqual([1003]);
    expect(await find('1004')).toEqual([1004]);
    expect(await find('roof lobby')).toEqual([]);
  });

  it('counts open calls per building and overall', async () => {
    expect(await countOpenCalls(101)).toBe(2);
    expect(await countOpenCalls(null)).toBe(3);
  });

  it('finds open calls of the same building and domain to join', async () => {
    expect((await openCallsLike(101, 'elevator')).map((c) => c.callNumber)).toEqual([1001]);
    expect(await openCallsLike(101, 'gardening')).toEqual([]);
  });
});

describe('list order helpers', () => {
  it('falls back to the opening date for an unknown stored order', () => {
    expect(parseOrder('priority')).toBe('priority');
    expect(parseOrder('')).toBe('openedAt');
    expect(parseOrder('bogus')).toBe('openedAt');
  });

  it('splits search text like the index and matches word prefixes', () => {
    expect(searchTerms('  Leak, ROOF ')).toEqual(['leak', 'roof']);
    expect(matchesTerms(['water', 'leak'], ['lea', 'wat'])).toBe(true);
    expect(matchesTerms(['water', 'leak'], ['eak'])).toBe(false);
    const a = { openedAt: '2025-01-01', lastUpdateAt: '2025-01-01', priority: 'low' as const, status: 'open' as const, callNumber: 1 };
    expect(compareCalls('priority')(a, { ...a, priority: 'urgent' })).toBeGreaterThan(0);
  });
});

describe('service-call actions for the screens', () => {
  const newCall = { buildingId: 101, domain: 'plumbing' as const, description: 'Leak in the basement pipe' };

  it('joins an existing call: the description becomes an update with its photos, no new call', async () => {
    const id = await createServiceCall(newCall);
    const updateId = await joinServiceCall(id, 'Also dripping in the parking', [photo]);
    expect(await db.serviceCalls.count()).toBe(1);
    expect((await updatesOf(id)).map((u) => u.id)).toEqual([updateId]);
    expect((await photosOfCall(id, [updateId])).get(updateId)).toHaveLength(1);
    await expect(joinServiceCall(id, 'short')).rejects.toBeInstanceOf(RuleError);
  });

  it('lists updates newest first', async () => {
    const id = await createServiceCall(newCall);
    const first = await addUpdate(id, 'first');
    await new Promise((r) => setTimeout(r, 5));
    const second = await addUpdate(id, 'second');
    expect((await updatesOf(id)).map((u) => u.id)).toEqual([second, first]);
  });

  it('records a closing message as the last update, then closes', async () => {
    const id = await createServiceCall(newCall);
    await closeWithMessage(id, 'Fixed by the plumber; closing.');
    const ops = (await db.outbox.orderBy('seq').toArray()).map((e) => e.op);
    expect(ops).toEqual(['create', 'create', 'close']);
    expect((await updatesOf(id))[0]?.text).toBe('Fixed by the plumber; closing.');
    expect(await db.serviceCalls.get(id)).toMatchObject({ status: 'closed', tab: 'closed' });
  });

  it('closes without a message, and refuses to close a cancelled call before writing anything', async () => {
    const id = await createServiceCall(newCall);
    await changeStatus(id, 'cancelled');
    const before = await db.outbox.count();
    await expect(closeWithMessage(id, 'message')).rejects.toMatchObject({ failure: { messageKey: 'invalidStatusTransition' } });
    expect(await db.outbox.count()).toBe(before);
  });
});

describe('photos attached on another device', () => {
  it('downloads the files of a call once, as uploaded photos of their owners', async () => {
    const requests: string[] = [];
    const files = [
      { id: 'f1', sha256: 'h1', mimeType: 'image/jpeg', size: 3, parentType: 'serviceCalls', parentId: 'c1', createdAt: '2025-01-01T00:00:00Z' },
      { id: 'f2', sha256: 'h2', mimeType: 'image/jpeg', size: 3, parentType: 'serviceCallUpdates', parentId: 'u1', createdAt: '2025-01-02T00:00:00Z' },
    ];
    const api = {
      request: async (_m: string, path: string) => (requests.push(path), { records: files }),
      raw: async (_m: string, path: string, payload: { src: string }) => (
        requests.push(`${path}?${payload.src}`),
        new Response(new Blob([new Uint8Array([9, 9, 9])], { type: 'image/jpeg' }))
      ),
    } as unknown as ApiClient;
    expect(await pullServiceCallFiles(api, 'c1')).toBe(2);
    expect(await pullServiceCallFiles(api, 'c1')).toBe(0);
    expect(requests).toEqual(['service-calls/c1/files', 'files/getImg?f1', 'files/getImg?f2', 'service-calls/c1/files']);
    expect(await db.photos.get('f2')).toMatchObject({ ownerTable: 'serviceCallUpdates', ownerId: 'u1', uploadState: 'uploaded', fileId: 'f2' });
    expect(await db.outbox.count()).toBe(0);
  });
});
