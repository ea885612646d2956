// Polls and their votes (migration 042); the rules are src/lib/domain/pollRules.ts.
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { pollResultsShown, pollVoters, pollWeightings } from '../../../src/lib/domain/pollRules.ts';
import type { PollInput, PollOption, PollStatus } from '../../../src/lib/domain/pollRules.ts';
import type { Db } from '../db/database.ts';
import { fromJson } from '../db/records.ts';
import type { PollTable } from '../db/schema.ts';

/** A poll as stored (what the server answers adds the tally and the caller's vote). */
export type StoredPoll = PollInput & {
  id: string;
  companyId: number;
  status: PollStatus;
  closedAt: string | null;
  approvedBidId: string | null;
  createdAt: string;
  createdBy: string;
};

export type StoredVote = { apartmentId: string; optionId: string; weight: number };

const optionsSchema = z.array(z.object({ id: z.string(), label: z.string(), bidId: z.string().nullable() }));
const iso = (v: string) => new Date(v).toISOString();

const pollOf = (r: Selectable<PollTable>): StoredPoll => ({
  id: r.id,
  companyId: Number(r.companyId),
  buildingId: Number(r.buildingId),
  question: r.question,
  options: optionsSchema.parse(fromJson(r.options)) satisfies PollOption[],
  closesAt: iso(r.closesAt),
  voters: z.enum(pollVoters).parse(r.voters),
  weighting: z.enum(pollWeightings).parse(r.weighting),
  resultsShown: z.enum(pollResultsShown).parse(r.resultsShown),
  status: z.enum(['open', 'closed']).parse(r.status),
  closedAt: r.closedAt === null ? null : iso(r.closedAt),
  approvedBidId: r.approvedBidId,
  createdAt: iso(r.createdAt),
  createdBy: r.createdBy,
});

export const polls = {
  find: async (db: Db, id: string): Promise<StoredPoll | undefined> => {
    const r = await db.first(db.q.selectFrom('polls').selectAll().where('id', '=', id));
    return r ? pollOf(r) : undefined;
  },

  /** The building's polls, newest first. */
  ofBuilding: async (db: Db, companyId: number, buildingId: number): Promise<StoredPoll[]> =>
    (await db.all(db.q.selectFrom('polls').selectAll().where('companyId', '=', companyId).where('buildingId', '=', buildingId).orderBy('createdAt', 'desc').limit(200))).map(pollOf),

  insert: (db: Db, p: StoredPoll) => db.run(db.q.insertInto('polls').values({ ...p, options: JSON.stringify(p.options) })),

  /** Marks an open poll closed; false when it was closed already (by another request or process). */
  close: async (db: Db, id: string, closedAt: string, approvedBidId: string | null): Promise<boolean> =>
    (await db.run(db.q.updateTable('polls').set({ status: 'closed', closedAt, approvedBidId }).where('id', '=', id).where('status', '=', 'open'))).changes === 1,

  votes: async (db: Db, pollId: string): Promise<StoredVote[]> =>
    (await db.all(db.q.selectFrom('poll_votes').select(['apartmentId', 'optionId', 'weight']).where('pollId', '=', pollId))).map((v) => ({ ...v, weight: Number(v.weight) })),

  /** One row per poll and apartment: a second vote of the apartment (from any device) replaces the first. */
  vote: (db: Db, v: { pollId: string; apartmentId: string; companyId: number; optionId: string; weight: number; votedBy: number; votedAt: string }) =>
    db.run(
      db.q
        .insertInto('poll_votes')
        .values(v)
        .onConflict((oc) => oc.columns(['pollId', 'apartmentId']).doUpdateSet({ optionId: v.optionId, weight: v.weight, votedBy: v.votedBy, votedAt: v.votedAt })),
    ),
};
