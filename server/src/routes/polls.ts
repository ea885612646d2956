// Polls of a building (issue 31): the committee or the management company opens one, its apartments vote
// once each (a vote may change until closing), and the result shows when it closes (or live, as set).
//
// Closing by time is a check on read, not a job: every read of a poll (its building's list, the poll, a
// vote, the building's quotes) first closes the building's polls whose time has passed, in one
// transaction, and only the request whose update flips `status` approves the winning quote. The closing
// time itself decides what counts (a vote at or after it is refused whatever the status says), so the
// result is the same whenever the check runs; and nobody can see a poll, or the quotes it decides, still
// open after its time. A job would add a lag of its interval and a lease for no better result.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bidApprovedBy,
  isPollOpen,
  MAX_POLL_OPTIONS,
  pollResultsShown,
  pollVoters,
  pollWeightings,
  resultsVisible,
  roleVotes,
  tallyPoll,
  validatePoll,
  weightOf,
} from '../../../src/lib/domain/pollRules.ts';
import type { Poll } from '../../../src/lib/domain/pollRules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { bids } from '../data/books.ts';
import { apartments, contacts } from '../data/buildings.ts';
import { polls } from '../data/polls.ts';
import type { StoredPoll } from '../data/polls.ts';
import { bump, loadBuilding } from '../http/access.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { actorOf, assertBuildingVisible } from '../http/rights.ts';
import { isoTime, recordId } from '../http/schemas.ts';
import { defineCommand, preparedCommand } from '../http/command.ts';
import { buildingParams, idParams, noParams, paramsOf } from '../http/params.ts';

const optionBody = z.object({ id: z.string().trim().min(1).max(60), label: z.string().max(300), bidId: z.string().max(100).nullable().default(null) });
const pollBody = z.object({
  id: recordId,
  buildingId: z.coerce.number().int(),
  question: z.string().max(1000),
  options: z.array(optionBody).max(MAX_POLL_OPTIONS),
  closesAt: isoTime,
  voters: z.enum(pollVoters).default('owners'),
  weighting: z.enum(pollWeightings).default('equal'),
  resultsShown: z.enum(pollResultsShown).default('afterClose'),
});
const voteBody = z.object({ optionId: z.string().max(60) });

const pollClosed = () => fail.rule({ field: 'poll', messageKey: 'pollClosed' });

/** Closes a poll whose time has passed (or now, by hand) and approves the winning option's quote, once. */
async function closePoll(tx: Db, poll: StoredPoll, closedAt: string): Promise<void> {
  const tally = tallyPoll(poll.options, await polls.votes(tx, poll.id));
  const bidId = bidApprovedBy(poll.options, tally);
  const bid = bidId ? await bids.find(tx, bidId) : undefined;
  const approves = bid !== undefined && bid.companyId === poll.companyId && bid.entity.buildingId === poll.buildingId && bid.entity.status === 'open';
  if (!(await polls.close(tx, poll.id, closedAt, approves ? bid.entity.id : null))) return;
  // "Approved by the poll's result": the approver recorded with the quote is the poll, at its closing.
  if (approves) await bids.update(tx, bump(bid.entity, { status: 'approved', approvedBy: `«${poll.question}»`, approvedAt: closedAt }, closedAt));
}

/** The check on read: the building's polls past their closing time are closed (at that time) first. */
export async function closeDuePolls(db: Db, companyId: number, buildingId: number, now: Date): Promise<void> {
  const due = (await polls.ofBuilding(db, companyId, buildingId)).filter((p) => p.status === 'open' && !isPollOpen(p, now));
  for (const p of due) await db.tx((tx) => closePoll(tx, p, p.closesAt));
}

/** The caller's apartment in the building (a tenant's home), or null. */
async function homeIn(db: Db, req: FastifyRequest, buildingId: number): Promise<string | null> {
  const { user } = authOf(req);
  const contact = user.contactId ? await contacts.find(db, user.contactId) : undefined;
  if (!contact || contact.companyId !== user.companyId || contact.entity.buildingId !== buildingId) return null;
  return contact.entity.apartmentId;
}

async function answerOf(db: Db, req: FastifyRequest, poll: StoredPoll, now: Date): Promise<Poll> {
  const votes = await polls.votes(db, poll.id);
  const home = await homeIn(db, req, poll.buildingId);
  const { companyId: _company, ...shown } = poll;
  return {
    ...shown,
    turnout: votes.length,
    tally: resultsVisible(poll, now) ? tallyPoll(poll.options, votes) : null,
    myVote: home === null ? null : (votes.find((v) => v.apartmentId === home)?.optionId ?? null),
    mayVote: home !== null && roleVotes(actorOf(authOf(req).user).role, poll.voters) && isPollOpen(poll, now),
  };
}

/** A poll of the caller's company in a building they see: unknown → 404, another company's → 403. */
async function loadPoll(db: Db, req: FastifyRequest, id: string): Promise<StoredPoll> {
  const poll = await polls.find(db, id);
  if (!poll) throw fail.notFound();
  if (poll.companyId !== authOf(req).companyId) throw fail.forbidden();
  await assertBuildingVisible(db, req, poll.buildingId);
  return poll;
}

export function pollRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/buildings/:bid/polls', { config: { right: 'polls.read' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    const { companyId } = authOf(req);
    const now = ctx.now();
    await closeDuePolls(db, companyId, building.id, now);
    const list = await polls.ofBuilding(db, companyId, building.id);
    return { records: await Promise.all(list.map((p) => answerOf(db, req, p, now))) };
  });

  app.get('/api/binyan/polls/:id', { config: { right: 'polls.read' } }, async (req) => {
    const poll = await loadPoll(db, req, paramsOf(idParams, req).id);
    const now = ctx.now();
    await closeDuePolls(db, poll.companyId, poll.buildingId, now);
    return { record: await answerOf(db, req, (await polls.find(db, poll.id)) ?? poll, now) };
  });
}

export const pollsCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/polls/:id/close',
    right: 'polls.manage',
    params: idParams,
    body: z.unknown(),
    change: async (tx, { ctx, req, params }) => {
      const { id } = params;
      const poll = await loadPoll(tx, req, id);
      const now = ctx.now();
      if (poll.status === 'closed') enforce({ field: 'poll', messageKey: 'pollAlreadyClosed' }, true);
      // Closed by hand before its time: now; past its time it closes at its time (the check on read's rule).
      await closePoll(tx, poll, isPollOpen(poll, now) ? now.toISOString() : poll.closesAt);
      return { record: await answerOf(tx, req, (await polls.find(tx, id)) ?? poll, now) };
    },
  }),

  defineCommand({
    method: 'POST',
    url: '/api/binyan/polls/:id/votes',
    right: 'polls.vote',
    params: idParams,
    body: voteBody,
    bodyOptional: true,
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      const poll = await loadPoll(tx, req, id);
      const now = ctx.now();
      // The server's clock at arrival decides: a vote cast offline before closing but sent after it is late.
      if (!isPollOpen(poll, now)) throw pollClosed();
      const home = await homeIn(tx, req, poll.buildingId);
      const { user, companyId } = authOf(req);
      if (home === null || !roleVotes(actorOf(user).role, poll.voters)) throw new ApiError(403, 'POLL_NOT_FOR_YOUR_APARTMENT', 'pollNotForYourApartment');
      if (!poll.options.some((o) => o.id === body.optionId)) enforce({ field: 'optionId', messageKey: 'pollUnknownOption' });
      const unit = await apartments.find(tx, home);
      const weight = weightOf(poll.weighting, unit?.entity.area ?? null);
      if (weight === null) enforce({ field: 'poll', messageKey: 'pollAreaMissing' }, true);
      await polls.vote(tx, {
        pollId: poll.id,
        apartmentId: home,
        companyId,
        optionId: body.optionId,
        weight: weight ?? 0,
        votedBy: user.id,
        votedAt: now.toISOString(),
      });
      return { record: await answerOf(tx, req, poll, now) };
    },
  }),

  preparedCommand({
    method: 'POST',
    url: '/api/binyan/polls',
    right: 'polls.manage',
    params: noParams,
    body: pollBody,
    bodyOptional: true,
    prepare: ({ ctx, body }) => {
      const now = ctx.now();
      enforce(validatePoll(body, now));
      return { now };
    },
    change: async (tx, { req, body }, { now }) => {
      const building = await loadBuilding(tx, req, body.buildingId);
      const { companyId, user } = authOf(req);
      if (await polls.find(tx, body.id)) throw fail.idTaken();
      if (new Set(body.options.map((o) => o.id)).size !== body.options.length) enforce({ field: 'options', messageKey: 'pollNeedsTwoOptions' });
      for (const o of body.options) {
        if (o.bidId === null) continue;
        const bid = await bids.find(tx, o.bidId);
        if (!bid || bid.companyId !== companyId || bid.entity.buildingId !== building.id) enforce({ field: 'options', messageKey: 'notFound' });
      }
      if (body.weighting === 'area') {
        const units = await apartments.list(tx, { buildingId: building.id }, { orderBy: 'id' });
        if (units.some((a) => weightOf('area', a.area) === null)) enforce({ field: 'weighting', messageKey: 'pollAreaMissing' }, true);
      }
      const poll: StoredPoll = {
        ...body,
        question: body.question.trim(),
        options: body.options.map((o) => ({ ...o, label: o.label.trim() })),
        closesAt: new Date(body.closesAt).toISOString(),
        buildingId: building.id,
        companyId,
        status: 'open',
        closedAt: null,
        approvedBidId: null,
        createdAt: now.toISOString(),
        createdBy: user.fullName || user.userName,
      };
      await polls.insert(tx, poll);
      return { status: 201, record: await answerOf(tx, req, poll, now) };
    },
  }),
];
