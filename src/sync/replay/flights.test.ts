// A batch cut off on its way: its entries were not rewritten when it went, so its flight row is what
// lets the next pass count that attempt and show the rows as saved on the device again.
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { countCutFlights } from './flights';
import { markBatchSent } from './markSent';
import { createServiceCall, updateServiceCall } from '../testing/serviceCallRecords';
import { resetDb } from '../testing/setup';

const clock = { now: () => Date.parse('2025-01-01T08:00:00Z'), random: () => 0.5 };

beforeEach(resetDb);

describe('flights of batches', () => {
  it('shows a batch sent without rewriting its entries, and a cut one as one more attempt of each, saved on the device', async () => {
    const id = await createServiceCall({ buildingId: 1, domain: 'plumbing', description: 'Leak in the basement pipe' });
    await updateServiceCall(id, { subject: 'a change' });
    const before = await db.outbox.orderBy('seq').toArray();

    const { marked, flight } = await markBatchSent(before, clock);
    expect([...marked.values()].map((e) => [e.state, e.attempts])).toEqual([
      ['inFlight', 1],
      ['inFlight', 1],
    ]);
    expect(flight).not.toBeNull();
    expect(await db.outbox.orderBy('seq').toArray()).toEqual(before);
    expect((await db.serviceCalls.get(id))?.syncState).toBe('sent');

    expect(await countCutFlights()).toBe(1);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => [e.state, e.attempts, e.lastAttemptAt])).toEqual([
      ['pending', 1, '2025-01-01T08:00:00.000Z'],
      ['pending', 1, '2025-01-01T08:00:00.000Z'],
    ]);
    expect((await db.serviceCalls.get(id))?.syncState).toBe('local');
    expect(await countCutFlights()).toBe(0);
  });
});
