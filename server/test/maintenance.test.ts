// Maintenance plan (spec 4/5): tests are ticked done, unchecked or not completed; sending an incomplete
// plan to the committee needs `confirmIncomplete`.
import { describe, expect, it } from 'vitest';
import type { Rec } from './harness.ts';
import { signedInServer } from './harness.ts';

type Reply = { record: Rec | null; incompleteCount?: number; testsCount?: number; error?: { code: string; messageKey: string } };

// dana's round includes building 106.
const { post, patch, get } = signedInServer<Reply>('dana');

describe('maintenance plan', () => {
  it('lists the facilities and their planned tests', async () => {
    const facilities = await get('/buildings/106/facilities');
    const tests = await get('/buildings/106/maintenance-tests');
    expect(facilities.length).toBeGreaterThan(0);
    expect(tests.every((t) => facilities.some((f) => f.id === t.facilityId))).toBe(true);
  });

  it('sets the done time when a test is done and clears it when unticked or not completed', async () => {
    const [test] = await get('/buildings/106/maintenance-tests');
    const done = (await patch(`/maintenance-tests/${test?.id}`, { baseVersion: test?.version, changes: { status: 'unchecked' } })).body.record;
    expect(done?.doneAt).toBeNull();
    const ticked = (await patch(`/maintenance-tests/${test?.id}`, { baseVersion: done?.version, changes: { status: 'done' } })).body.record;
    expect(ticked?.doneAt).toEqual(expect.any(String));
    const notCompleted = (
      await patch(`/maintenance-tests/${test?.id}`, { baseVersion: ticked?.version, changes: { status: 'notCompleted', notes: 'חסר חלק' } })
    ).body.record;
    expect(notCompleted).toMatchObject({ status: 'notCompleted', doneAt: null, notes: 'חסר חלק' });
    const bad = await patch(`/maintenance-tests/${test?.id}`, { baseVersion: notCompleted?.version, changes: { status: 'skipped' } });
    expect(bad.status).toBe(422);
  });

  it('refuses to send a plan with incomplete tests unless confirmed, and sends it once per key', async () => {
    const refused = await post('/buildings/106/maintenance-plan/send', { confirmIncomplete: false });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'TESTS_NOT_COMPLETED', messageKey: 'errors:testsNotCompleted' });
    expect(refused.body.incompleteCount).toBeGreaterThan(0);
    const key = crypto.randomUUID();
    const sent = await post('/buildings/106/maintenance-plan/send', { confirmIncomplete: true }, key);
    expect(sent.status).toBe(200);
    expect(sent.body.incompleteCount).toBe(refused.body.incompleteCount);
    expect((await post('/buildings/106/maintenance-plan/send', { confirmIncomplete: true }, key)).body).toEqual(sent.body);
  });

  it('sends a complete plan without confirmation', async () => {
    for (const test of await get('/buildings/105/maintenance-tests')) {
      if (test.status !== 'done') await patch(`/maintenance-tests/${test.id}`, { baseVersion: test.version, changes: { status: 'done' } });
    }
    const sent = await post('/buildings/105/maintenance-plan/send', {});
    expect(sent.status).toBe(200);
    expect(sent.body.incompleteCount).toBe(0);
  });
});
