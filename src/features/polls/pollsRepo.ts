// Polls (issue 31). A poll and its results are read online (they change with every vote of the
// building); a vote goes through the outbox like every change, so one cast offline is kept on the phone
// and reaches the server once, and a vote that arrives after closing comes back refused with its reason
// (errors:pollClosed), which the poll shows. Opening and closing a poll are made online by the committee.
import { z } from 'zod/mini';
import { answerOf } from '../../api/answers';
import { db } from '../../db/db';
import { entityKeyOf, newId } from '../../db/mutate';
import type { OutboxEntry } from '../../db/outboxRows';
import type { SyncState } from '../../lib/syncState';
import type { PollInput, PollOption } from '../../lib/domain/pollRules';
import { pollResultsShown, pollVoters, pollWeightings, validatePoll } from '../../lib/domain/pollRules';
import { refuse } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';
import { currentActor } from '../../sync/write/actor';
import type { MetaOutboxKey } from '../../sync/write/outboxSubjects';
import { createRecord } from '../../sync/write/writePath';

const tallyLine = z.object({ optionId: z.string(), apartments: z.number(), weight: z.number() });
const poll = z.looseObject({
  id: z.string(),
  buildingId: z.number(),
  question: z.string(),
  options: z.array(z.object({ id: z.string(), label: z.string(), bidId: z.nullable(z.string()) })),
  closesAt: z.string(),
  voters: z.enum(pollVoters),
  weighting: z.enum(pollWeightings),
  resultsShown: z.enum(pollResultsShown),
  status: z.enum(['open', 'closed']),
  createdBy: z.string(),
  closedAt: z.nullable(z.string()),
  approvedBidId: z.nullable(z.string()),
  turnout: z.number(),
  tally: z.nullable(
    z.object({ options: z.array(tallyLine), apartments: z.number(), weight: z.number(), winnerId: z.nullable(z.string()), tiedIds: z.array(z.string()) }),
  ),
  myVote: z.nullable(z.string()),
  mayVote: z.boolean(),
});
export type PollRecord = z.infer<typeof poll>;

const listAnswer = z.looseObject({ records: z.array(poll) });
const oneAnswer = z.looseObject({ record: poll });

export async function buildingPolls(buildingId: number): Promise<PollRecord[]> {
  return answerOf(listAnswer, await callWithRelogin(() => api.request('GET', `buildings/${buildingId}/polls`))).records;
}

/** Opens a poll (online): checked with the server's rule first; the key is kept for a retry of the same poll. */
export async function openPoll(input: PollInput & { id: string }, key: string): Promise<PollRecord> {
  refuse(validatePoll(input, new Date()));
  return answerOf(oneAnswer, await callWithRelogin(() => api.request('POST', 'polls', input, { headers: { 'Idempotency-Key': key } }))).record;
}

export async function closePoll(id: string, key: string): Promise<PollRecord> {
  return answerOf(oneAnswer, await callWithRelogin(() => api.request('POST', `polls/${id}/close`, {}, { headers: { 'Idempotency-Key': key } }))).record;
}

/** The options of a new poll from the labels typed (empty lines dropped), each with its quote if chosen. */
export function optionsOf(lines: readonly { label: string; bidId: string | null }[]): PollOption[] {
  return lines.filter((l) => l.label.trim() !== '').map((l, i) => ({ id: `o${i + 1}`, label: l.label.trim(), bidId: l.bidId }));
}

export const VOTE_PREFIX = 'poll.vote:';

/** `order` counts the votes cast on this phone for the poll: the last one is what the phone shows (clocks tie). */
export type CastVote = { id: string; pollId: string; optionId: string; castAt: string; order: number };
export type CastVoteRow = { key: string; value: CastVote; syncState: SyncState };

/** Queues the apartment's vote (a change of vote is another entry after it: the server keeps the last). */
export async function castVote(pollId: string, optionId: string): Promise<string> {
  const actor = await currentActor();
  const id = newId();
  const key: MetaOutboxKey = `${VOTE_PREFIX}${id}`;
  const order = (await votesOfPoll(pollId)).reduce((n, r) => Math.max(n, r.value.order), 0) + 1;
  const value: CastVote = { id, pollId, optionId, castAt: new Date().toISOString(), order };
  await createRecord({ table: 'meta', id: key, row: { key, value }, path: `polls/${pollId}/votes`, payload: { optionId }, userKey: actor.userKey });
  return id;
}

async function votesOfPoll(pollId: string | null): Promise<CastVoteRow[]> {
  const rows = (await db.meta.where('key').startsWith(VOTE_PREFIX).toArray()) as CastVoteRow[];
  return pollId === null ? rows : rows.filter((r) => r.value.pollId === pollId);
}

export type VoteOnDevice = CastVoteRow & { refusal: OutboxEntry['lastError'] };

/** The last vote cast on this phone per poll, with the server's refusal if it came back refused. */
export async function votesOnDevice(): Promise<Map<string, VoteOnDevice>> {
  const rows = await votesOfPoll(null);
  const latest = new Map<string, CastVoteRow>();
  for (const r of rows.sort((a, b) => a.value.order - b.value.order)) latest.set(r.value.pollId, r);
  const out = new Map<string, VoteOnDevice>();
  for (const [pollId, row] of latest) {
    const entry = row.syncState === 'attention' ? await db.outbox.where('entityKey').equals(entityKeyOf('meta', row.key)).first() : undefined;
    out.set(pollId, { ...row, refusal: entry?.lastError ?? null });
  }
  return out;
}

const quote = z.looseObject({ id: z.string(), description: z.string(), amountAgorot: z.number(), status: z.string() });
export type QuoteChoice = z.infer<typeof quote>;

/** The building's open quotes an option may be linked to (the committee's books). */
export async function openQuotes(buildingId: number): Promise<QuoteChoice[]> {
  const { records } = answerOf(z.looseObject({ records: z.array(quote) }), await callWithRelogin(() => api.request('GET', `buildings/${buildingId}/bids`)));
  return records.filter((q) => q.status === 'open');
}
