// Polls (issue 31): one vote per apartment however many devices send it, changed until closing, refused
// after it with its reason (also through the outbox's batch, once); results when it closes or live; a
// quote approved by the result; and who sees and votes what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poll } from '../../src/lib/domain/pollRules.ts';
import type { BatchResult } from '../../src/lib/syncBatch.ts';
import type { TestServer } from './harness.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';

type Reply = { record?: Poll; records?: Poll[]; error?: { code: string; messageKey: string; field?: string } };
type Bid = { id: string; status: string; approvedBy: string | null; approvedAt: string | null };

let server: TestServer;
const tokens = new Map<string, string>();
const as = (user: string, method: string, path: string, body?: unknown, idempotencyKey?: string) =>
  call<Reply>(server, method, `/api/binyan${path}`, {
    token: tokens.get(user) ?? '',
    ...(body !== undefined ? { body } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

const HOUR = 3600_000;
const inHours = (h: number) => new Date(server.clock.now().getTime() + h * HOUR).toISOString();

async function openPoll(by: string, fields: Record<string, unknown> = {}): Promise<Poll> {
  const body = {
    id: newId(),
    buildingId: 101,
    question: 'Which quote for the lobby paint?',
    options: [
      { id: 'a', label: 'Quote A', bidId: null },
      { id: 'b', label: 'Quote B', bidId: null },
    ],
    closesAt: inHours(2),
    ...fields,
  };
  const reply = await as(by, 'POST', '/polls', body, newId());
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  if (!reply.body.record) throw new Error('no poll');
  return reply.body.record;
}

const vote = (user: string, pollId: string, optionId: string, key = newId()) => as(user, 'POST', `/polls/${pollId}/votes`, { optionId }, key);
const pollAs = async (user: string, id: string) => (await as(user, 'GET', `/polls/${id}`)).body.record;

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['rina', 'miri', 'moshe', 'tali', 'eli', 'avi', 'shimon']) tokens.set(name, (await loginAs(server, name)).token);
  // A second device of the owner's apartment: another session of the same tenant.
  tokens.set('moshe2', (await loginAs(server, 'moshe', 1001, 'demo1234', { deviceId: newId() })).token);
});
afterAll(async () => server?.close());

describe('voting', () => {
  it('counts two devices of one apartment voting at once as one vote, the last one', async () => {
    const poll = await openPoll('rina', { resultsShown: 'live' });
    expect(poll).toMatchObject({ voters: 'owners', weighting: 'equal', status: 'open', turnout: 0 });
    const [one, two] = await Promise.all([vote('moshe', poll.id, 'a'), vote('moshe2', poll.id, 'b')]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const seen = await pollAs('rina', poll.id);
    expect(seen?.turnout).toBe(1);
    expect(seen?.tally?.apartments).toBe(1);
    expect(seen?.tally?.options.reduce((n, o) => n + o.apartments, 0)).toBe(1);
  });

  it('lets the apartment change its vote until closing, and refuses one that arrives after, with its reason', async () => {
    const poll = await openPoll('miri');
    expect((await vote('moshe', poll.id, 'a')).status).toBe(200);
    expect((await vote('moshe', poll.id, 'b')).body.record).toMatchObject({ myVote: 'b', turnout: 1, tally: null });
    // Results hidden until it closes, from the committee as from tenants.
    expect((await pollAs('rina', poll.id))?.tally).toBeNull();
    server.clock.advance(2 * HOUR);
    expectRefused(await vote('moshe', poll.id, 'a'), 'pollClosed', { code: 'POLL_CLOSED' });
    const closed = await pollAs('moshe', poll.id);
    expect(closed).toMatchObject({ status: 'closed', closedAt: poll.closesAt, myVote: 'b', mayVote: false });
    expect(closed?.tally).toMatchObject({ winnerId: 'b', apartments: 1 });
  });

  it('applies a vote sent through the outbox’s batch once, and refuses a late one there with the same reason', async () => {
    const poll = await openPoll('rina');
    const key = newId();
    const item = { key, method: 'POST', path: `binyan/polls/${poll.id}/votes`, body: { optionId: 'a' }, baseVersion: 0, record: `meta:poll.vote:${key}` };
    const batch = async () =>
      (
        await call<{ results: BatchResult[] }>(server, 'POST', '/api/binyan/sync/batch', {
          token: tokens.get('moshe') ?? '',
          body: { items: [item] },
          idempotencyKey: null,
        })
      ).body.results;
    expect((await batch())[0]?.status).toBe(200);
    expect((await batch())[0]?.status).toBe(200);
    expect((await pollAs('moshe', poll.id))?.turnout).toBe(1);
    server.clock.advance(3 * HOUR);
    const late = (
      await call<{ results: BatchResult[] }>(server, 'POST', '/api/binyan/sync/batch', {
        token: tokens.get('moshe') ?? '',
        body: { items: [{ ...item, key: newId() }] },
        idempotencyKey: null,
      })
    ).body.results[0];
    expect(late).toMatchObject({ status: 422, body: { error: { messageKey: 'errors:pollClosed' } } });
  });

  it('gives the vote to owners by default, and to renters only when the poll says so', async () => {
    const owners = await openPoll('rina');
    const refused = await vote('tali', owners.id, 'a');
    expect(refused.status).toBe(403);
    expect(refused.body.error?.messageKey).toBe('errors:pollNotForYourApartment');
    expect((await pollAs('tali', owners.id))?.mayVote).toBe(false);
    const everyone = await openPoll('rina', { voters: 'ownersAndRenters' });
    expect((await vote('tali', everyone.id, 'a')).status).toBe(200);
  });

  it('weighs by the apartments’ area when set, in integers', async () => {
    const poll = await openPoll('rina', { weighting: 'area', resultsShown: 'live' });
    const home = (await vote('moshe', poll.id, 'a')).body.record;
    expect(home?.tally?.weight).toBeGreaterThan(1);
    expect(Number.isInteger(home?.tally?.weight)).toBe(true);
  });
});

describe('a quote approved by the poll’s result', () => {
  it('approves the winning option’s quote at closing, seen from the quotes without reading the poll', async () => {
    const quotes = (await call<{ records: Bid[] }>(server, 'GET', '/api/binyan/buildings/101/bids', { token: tokens.get('rina') ?? '' })).body.records;
    const [first, second] = quotes.filter((b) => b.status === 'open');
    if (!first || !second) throw new Error('the seed has no two open quotes in 101');
    const poll = await openPoll('rina', {
      options: [
        { id: 'a', label: 'Quote A', bidId: first.id },
        { id: 'b', label: 'Quote B', bidId: second.id },
      ],
    });
    await vote('moshe', poll.id, 'b');
    server.clock.advance(2 * HOUR);
    const after = (await call<{ records: Bid[] }>(server, 'GET', '/api/binyan/buildings/101/bids', { token: tokens.get('rina') ?? '' })).body.records;
    expect(after.find((b) => b.id === second.id)).toMatchObject({ status: 'approved', approvedAt: poll.closesAt });
    expect(after.find((b) => b.id === first.id)?.status).toBe('open');
    expect((await pollAs('rina', poll.id))?.approvedBidId).toBe(second.id);
  });

  it('approves nothing on a tie, and a poll closed by hand is closed once', async () => {
    const quotes = (await call<{ records: Bid[] }>(server, 'GET', '/api/binyan/buildings/101/bids', { token: tokens.get('rina') ?? '' })).body.records;
    const open = quotes.find((b) => b.status === 'open');
    const poll = await openPoll('rina', {
      options: [
        { id: 'a', label: 'Quote', bidId: open?.id ?? null },
        { id: 'b', label: 'Neither', bidId: null },
      ],
    });
    const closed = await as('rina', 'POST', `/polls/${poll.id}/close`, {}, newId());
    expect(closed.body.record).toMatchObject({ status: 'closed', approvedBidId: null, tally: { winnerId: null } });
    expectRefused(await as('rina', 'POST', `/polls/${poll.id}/close`, {}, newId()), 'pollAlreadyClosed');
  });
});

describe('who sees and does what', () => {
  it('refuses a poll without two options or closing in the past', async () => {
    expectRefused(
      await as(
        'rina',
        'POST',
        '/polls',
        { id: newId(), buildingId: 101, question: 'Q?', options: [{ id: 'a', label: 'Yes', bidId: null }], closesAt: inHours(1) },
        newId(),
      ),
      'pollNeedsTwoOptions',
    );
    expectRefused(
      await as(
        'rina',
        'POST',
        '/polls',
        {
          id: newId(),
          buildingId: 101,
          question: 'Q?',
          options: [
            { id: 'a', label: 'Yes', bidId: null },
            { id: 'b', label: 'No', bidId: null },
          ],
          closesAt: inHours(-1),
        },
        newId(),
      ),
      'pollClosesInPast',
    );
  });

  it('keeps a tenant of 101 out of 102’s polls, and suppliers, workers, guards and nobody out of all of them', async () => {
    const other = await openPoll('miri', { buildingId: 102 });
    expect((await as('moshe', 'GET', '/buildings/102/polls')).status).toBe(403);
    expect((await as('moshe', 'GET', `/polls/${other.id}`)).status).toBe(403);
    expect((await vote('moshe', other.id, 'a')).status).toBe(403);
    expect((await pollAs('miri', other.id))?.turnout).toBe(0);
    const mine = await openPoll('rina');
    for (const user of ['eli', 'avi', 'shimon']) {
      expect((await as(user, 'GET', '/buildings/101/polls')).status, user).toBe(403);
      expect((await as(user, 'GET', `/polls/${mine.id}`)).status, user).toBe(403);
      expect((await vote(user, mine.id, 'a')).status, user).toBe(403);
    }
    expect((await call(server, 'GET', '/api/binyan/buildings/101/polls')).status).toBe(401);
    expect((await call(server, 'POST', `/api/binyan/polls/${mine.id}/votes`, { body: { optionId: 'a' }, idempotencyKey: newId() })).status).toBe(401);
    // Tenants read but neither open nor close; the committee of 101 cannot open one in 102.
    expect((await as('moshe', 'POST', '/polls', { id: newId(), buildingId: 101, question: 'Q?', options: [], closesAt: inHours(1) }, newId())).status).toBe(
      403,
    );
    expect((await as('moshe', 'POST', `/polls/${mine.id}/close`, {}, newId())).status).toBe(403);
    expect(
      (
        await as(
          'rina',
          'POST',
          '/polls',
          {
            id: newId(),
            buildingId: 102,
            question: 'Q?',
            options: [
              { id: 'a', label: 'Yes', bidId: null },
              { id: 'b', label: 'No', bidId: null },
            ],
            closesAt: inHours(1),
          },
          newId(),
        )
      ).status,
    ).toBe(403);
    // The committee and staff vote through no apartment.
    expect((await vote('rina', mine.id, 'a')).status).toBe(403);
    expect((await as('moshe', 'GET', '/buildings/101/polls')).body.records?.some((p) => p.id === mine.id)).toBe(true);
  });
});
