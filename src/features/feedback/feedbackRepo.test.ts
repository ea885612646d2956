import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { resetDb } from '../../sync/testing/setup';
import { sendFeedback } from './feedbackRepo';
import { getFeedback } from './feedbackQueries';

beforeEach(async () => {
  await resetDb();
});

describe('sending feedback', () => {
  it('keeps the feedback on the device with one POST in the outbox', async () => {
    const id = await sendFeedback({ rating: 4, message: '  נוח מאוד לעבוד במרתף  ', mayContact: true });
    expect(await getFeedback(id)).toMatchObject({ syncState: 'local', value: { id, rating: 4, message: 'נוח מאוד לעבוד במרתף', mayContact: true } });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      op: 'create',
      request: { method: 'POST', path: 'feedback', wrap: 'payload' },
      payload: { id, rating: 4, message: 'נוח מאוד לעבוד במרתף', mayContact: true },
    });
  });

  it('refuses with the shared rule and writes nothing', async () => {
    await expect(sendFeedback({ rating: 4, message: 'short', mayContact: false })).rejects.toMatchObject({
      failure: { field: 'message', messageKey: 'descriptionTooShort' },
    });
    await expect(sendFeedback({ rating: null, message: 'Long enough message', mayContact: false })).rejects.toMatchObject({
      failure: { field: 'rating', messageKey: 'requiredField' },
    });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.count()).toBe(0);
  });
});
