import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import type { ServiceCallRow } from '../../db/schema';
import { buildingsWithPendingChanges } from './pendingBuildings';
import { resetDb } from '../testing/setup';
import { addUpdate, createServiceCall, deleteServiceCall, updateServiceCall } from '../testing/serviceCallRecords';

const synced = (id: string, buildingId: number): ServiceCallRow => ({
  id,
  buildingId,
  callNumber: 7,
  domain: 'electricity',
  description: 'A light in the stairwell is out',
  status: 'open',
  priority: 'normal',
  callType: 'fault',
  subject: '',
  reporterName: '',
  reporterContactId: null,
  copyToMaintenanceManager: false,
  openedAt: '2026-11-20T08:00:00.000Z',
  lastVisitAt: null,
  lastUpdateAt: '2026-11-20T08:00:00.000Z',
  closedAt: null,
  createdBy: 'w',
  version: 1,
  updatedAt: '2026-11-20T08:00:00.000Z',
  tab: 'open',
  syncState: 'synced',
});

beforeEach(resetDb);

describe('buildings with pending changes', () => {
  it('names the building of every change waiting: a new record, an edit, an update of a call, a delete', async () => {
    expect(await buildingsWithPendingChanges()).toEqual([]);
    await createServiceCall({ buildingId: 101, domain: 'electricity', description: 'A light in the stairwell is out' });
    await db.serviceCalls.bulkPut([synced('c-102', 102), synced('c-103', 103), synced('c-104', 104), synced('c-105', 105)]);
    await updateServiceCall('c-102', { subject: 'Stairwell light' });
    await addUpdate('c-103', 'Ordered a new bulb');
    await deleteServiceCall('c-104');
    expect((await buildingsWithPendingChanges()).sort()).toEqual([101, 102, 103, 104]);
  });
});
