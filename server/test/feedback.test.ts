// App feedback (spec 1): validated with the shared rule, stored exactly once per Idempotency-Key.
import { describe, expect, it } from 'vitest';
import { expectRefused, signedInServer } from './harness.ts';

type Feedback = { id: string; rating: number; message: string; mayContact: boolean; createdAt: string };
type Reply = { feedback?: Feedback; error?: { code: string; messageKey: string; field?: string } };

const { post, get } = signedInServer<Reply>();

describe('app feedback', () => {
  it('accepts a valid feedback and lists it for its sender', async () => {
    const id = crypto.randomUUID();
    const sent = await post('/feedback', { id, rating: 5, message: '  האפליקציה עובדת מצוין גם במרתף  ', mayContact: true });
    expect(sent.status).toBe(201);
    expect(sent.body.feedback).toMatchObject({ id, rating: 5, message: 'האפליקציה עובדת מצוין גם במרתף', mayContact: true });
    expect((await get<Feedback>('/feedback')).find((f) => f.id === id)).toMatchObject({ rating: 5, mayContact: true });
  });

  it('refuses a short message and a rating outside 1–5 with their message keys', async () => {
    expectRefused(await post('/feedback', { id: crypto.randomUUID(), rating: 3, message: 'short' }), 'descriptionTooShort', { field: 'message' });
    expectRefused(await post('/feedback', { id: crypto.randomUUID(), rating: 7, message: 'A long enough message' }), 'invalidNumber', { field: 'rating' });
  });

  it('answers a repeated request with the same response and stores one row', async () => {
    const id = crypto.randomUUID();
    const key = crypto.randomUUID();
    const body = { id, rating: 2, message: 'The sync badge is hard to read', mayContact: false };
    const first = await post('/feedback', body, key);
    const again = await post('/feedback', body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await get<Feedback>('/feedback')).filter((f) => f.id === id)).toHaveLength(1);
  });
});
