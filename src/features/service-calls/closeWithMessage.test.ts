import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import type { OutboxEntry } from '../../db/outboxRows';
import { resetDb } from '../../sync/testing/setup';
import { closeWithMessage, createServiceCall } from './serviceCallsRepo';

/** The process dies as the close is being written (IndexedDB then aborts the open transaction). */
const kill = (_key: unknown, entry: OutboxEntry) => {
  if (entry.op === 'close') throw new Error('killed');
};

beforeEach(resetDb);
afterEach(() => db.outbox.hook('creating').unsubscribe(kill));

describe('closing with a message is one user action', () => {
  it('leaves neither the message nor the close queued when the app dies between them', async () => {
    const id = await createServiceCall({ buildingId: 1, domain: 'plumbing', description: 'Leak in the basement pipe' });
    db.outbox.hook('creating', kill);
    await expect(closeWithMessage(id, 'Fixed by the plumber')).rejects.toThrow('killed');
    expect((await db.outbox.toArray()).map((e) => e.op)).toEqual(['create']);
    expect(await db.serviceCallUpdates.count()).toBe(0);
    expect((await db.serviceCalls.get(id))?.status).toBe('open');
  });
});
