// Polls of a building (issue 31): the committee or the management company asks a question with options and
// a closing time; each apartment has one vote, which its tenants may change until the poll closes. Who
// votes is the owners (the default: the condominium law gives the vote to owners) or owners and renters.
// A poll weighted by share counts each apartment by its area (the building's record of the unit, in
// hundredths of a square metre so every weight is an integer); otherwise each apartment counts one.
// A tie has no winner: nothing is decided for the committee (no quote is approved by a tie).
import type { RuleResult } from '../validation/rules.ts';

export const pollVoters = ['owners', 'ownersAndRenters'] as const;
export type PollVoters = (typeof pollVoters)[number];
export const pollWeightings = ['equal', 'area'] as const;
export type PollWeighting = (typeof pollWeightings)[number];
export const pollResultsShown = ['afterClose', 'live'] as const;
export type PollResultsShown = (typeof pollResultsShown)[number];

export const MAX_POLL_OPTIONS = 10;

/** An option; `bidId` links it to a supplier's quote, approved when the option wins. */
export type PollOption = { id: string; label: string; bidId: string | null };

export type PollInput = {
  buildingId: number;
  question: string;
  options: PollOption[];
  closesAt: string;
  voters: PollVoters;
  weighting: PollWeighting;
  resultsShown: PollResultsShown;
};

export type PollStatus = 'open' | 'closed';

export type OptionTally = { optionId: string; apartments: number; weight: number };
export type PollTally = {
  options: OptionTally[];
  /** Apartments that voted, and their total weight. */
  apartments: number;
  weight: number;
  /** The option with the most weight; null when nobody voted or the top options tie. */
  winnerId: string | null;
  /** The options that share the top weight when there is a tie. */
  tiedIds: string[];
};

/** A poll as the server answers it: its tally only when the caller may see results. */
export type Poll = PollInput & {
  id: string;
  status: PollStatus;
  createdAt: string;
  createdBy: string;
  closedAt: string | null;
  /** The quote approved by the result, if any. */
  approvedBidId: string | null;
  /** Apartments that voted so far (always shown: participation is not a result). */
  turnout: number;
  tally: PollTally | null;
  /** The caller's apartment's current vote, its right to vote and why not. */
  myVote: string | null;
  mayVote: boolean;
};

const fail = (field: string, messageKey: 'requiredField' | 'pollNeedsTwoOptions' | 'pollClosesInPast'): RuleResult => ({ field, messageKey });

/** What a new poll must say: a question, two or more different options, a closing time after now. */
export function validatePoll(input: Pick<PollInput, 'question' | 'options' | 'closesAt'>, now: Date): RuleResult {
  if (input.question.trim() === '') return fail('question', 'requiredField');
  const labels = input.options.map((o) => o.label.trim().toLowerCase());
  if (labels.some((l) => l === '')) return fail('options', 'requiredField');
  if (labels.length < 2 || new Set(labels).size !== labels.length) return fail('options', 'pollNeedsTwoOptions');
  const closes = Date.parse(input.closesAt);
  if (Number.isNaN(closes)) return fail('closesAt', 'requiredField');
  if (closes <= now.getTime()) return fail('closesAt', 'pollClosesInPast');
  return null;
}

/** Whether a tenant of this role votes in the poll. */
export function roleVotes(role: string, voters: PollVoters): boolean {
  return role === 'owner' || (voters === 'ownersAndRenters' && role === 'renter');
}

/** A poll takes votes until its closing time (a vote at the closing instant is late) and until closed by hand. */
export function isPollOpen(poll: Pick<Poll, 'status' | 'closesAt'>, now: Date): boolean {
  return poll.status === 'open' && now.getTime() < Date.parse(poll.closesAt);
}

/** Tenants see the counts while the poll runs only when it says so; everybody sees them once it closes. */
export function resultsVisible(poll: Pick<Poll, 'status' | 'closesAt' | 'resultsShown'>, now: Date): boolean {
  return poll.resultsShown === 'live' || !isPollOpen(poll, now);
}

/** An apartment's weight: one, or its area in hundredths of m² (null: an area-weighted poll cannot count it). */
export function weightOf(weighting: PollWeighting, area: number | null): number | null {
  if (weighting === 'equal') return 1;
  if (area === null || !Number.isFinite(area) || area <= 0) return null;
  return Math.round(area * 100);
}

/** The counts per option in the poll's order, and the winner by weight (a tie has none). */
export function tallyPoll(options: readonly Pick<PollOption, 'id'>[], votes: readonly { optionId: string; weight: number }[]): PollTally {
  const byOption = new Map(options.map((o) => [o.id, { optionId: o.id, apartments: 0, weight: 0 }]));
  let apartments = 0;
  let weight = 0;
  for (const v of votes) {
    const line = byOption.get(v.optionId);
    if (!line) continue;
    if (!Number.isSafeInteger(v.weight) || v.weight < 0) throw new RangeError(`weight ${v.weight}`);
    line.apartments += 1;
    line.weight += v.weight;
    apartments += 1;
    weight += v.weight;
  }
  const lines = [...byOption.values()];
  const top = Math.max(0, ...lines.map((l) => l.weight));
  const leaders = top === 0 ? [] : lines.filter((l) => l.weight === top).map((l) => l.optionId);
  return { options: lines, apartments, weight, winnerId: leaders.length === 1 ? (leaders[0] ?? null) : null, tiedIds: leaders.length > 1 ? leaders : [] };
}

/** The quote the result approves: the winning option's, if it names one. */
export function bidApprovedBy(options: readonly PollOption[], tally: Pick<PollTally, 'winnerId'>): string | null {
  return options.find((o) => o.id === tally.winnerId)?.bidId ?? null;
}

/** The share of a line in whole percent for display (largest remainder would overdo it for a screen). */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part * 100) / whole);
}
