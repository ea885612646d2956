import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { createServiceCall, updateServiceCall } from '../testing/serviceCallRecords';
import { applyServerRecords } from './rows';
import { resetDb } from '../testing/setup';

beforeEach(resetDb);

const record = (id: string, patch: Record<string, unknown> = {}) => ({
  id,
  buildingId: 1,
  callNumber: 1001,
  callType: 'fault',
  domain: 'plumbing',
  reporterContactId: null,
  reporterName: 'Avi',
  status: 'open',
  priority: 'normal',
  subject: 'Leak',
  description: 'Leak in the basement pipe',
  openedAt: '2025-01-01T00:00:00Z',
  lastVisitAt: null,
  lastUpdateAt: '2025-01-01T00:00:00Z',
  closedAt: null,
  copyToMaintenanceManager: false,
  createdBy: 'w',
  version: 1,
  updatedAt: '2025-01-01T00:00:00Z',
  ...patch,
});

describe('applyServerRecords (pull)', () => {
  it('writes server records as synced rows with their local fields', async () => {
    await applyServerRecords('serviceCalls', [record('a'), record('b', { status: 'closed' })]);
    expect(await db.serviceCalls.get('a')).toMatchObject({ syncState: 'synced', tab: 'open', searchWords: expect.arrayContaining(['leak', 'basement']) });
    expect((await db.serviceCalls.get('b'))?.tab).toBe('closed');
  });

  it('does not overwrite a row with pending changes, and notes the server version apart', async () => {
    await applyServerRecords('serviceCalls', [record('a')]);
    await updateServiceCall('a', { priority: 'urgent' });
    const result = await applyServerRecords('serviceCalls', [record('a', { priority: 'low', subject: 'Office', version: 5 })]);
    expect(result).toMatchObject({ written: 0, kept: 1 });
    expect(await db.serviceCalls.get('a')).toMatchObject({ priority: 'urgent', subject: 'Leak', version: 1, serverVersion: 5, syncState: 'local' });
  });

  it('removes rows of the pulled scope the server no longer has, except pending ones', async () => {
    await applyServerRecords('serviceCalls', [record('a'), record('b')]);
    const local = await createServiceCall({ buildingId: 1, domain: 'plumbing', description: 'Made offline, not sent yet' });
    const result = await applyServerRecords('serviceCalls', [record('a')], (row) => row.tab === 'open');
    expect(result.removed).toBe(1);
    expect(await db.serviceCalls.get('b')).toBeUndefined();
    expect(await db.serviceCalls.get(local)).toBeDefined();
  });

  it('does not resurrect a row deleted locally while its delete is pending', async () => {
    const { deleteServiceCall } = await import('../testing/serviceCallRecords');
    await applyServerRecords('serviceCalls', [record('a')]);
    await deleteServiceCall('a');
    await applyServerRecords('serviceCalls', [record('a')]);
    expect(await db.serviceCalls.get('a')).toBeUndefined();
  });
});
