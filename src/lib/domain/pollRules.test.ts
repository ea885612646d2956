import { describe, expect, it } from 'vitest';
import { bidApprovedBy, isPollOpen, resultsVisible, roleVotes, tallyPoll, validatePoll, weightOf } from './pollRules.ts';

const now = new Date('2026-11-24T10:00:00.000Z');
const optionA = { id: 'a', label: 'Quote A', bidId: 'bid-a' };
const optionB = { id: 'b', label: 'Quote B', bidId: null };
const options = [optionA, optionB, { id: 'c', label: 'Neither', bidId: null }];

describe('a poll’s tally', () => {
  it('counts each apartment once per option, in the poll’s order', () => {
    const t = tallyPoll(options, [
      { optionId: 'b', weight: 1 },
      { optionId: 'a', weight: 1 },
      { optionId: 'b', weight: 1 },
    ]);
    expect(t.options).toEqual([
      { optionId: 'a', apartments: 1, weight: 1 },
      { optionId: 'b', apartments: 2, weight: 2 },
      { optionId: 'c', apartments: 0, weight: 0 },
    ]);
    expect(t).toMatchObject({ apartments: 3, weight: 3, winnerId: 'b', tiedIds: [] });
  });

  it('weighs by share in integers: a large apartment outweighs two small ones', () => {
    const big = weightOf('area', 140.5);
    const small = weightOf('area', 65);
    expect([big, small]).toEqual([14050, 6500]);
    const t = tallyPoll(options, [
      { optionId: 'a', weight: big ?? 0 },
      { optionId: 'b', weight: small ?? 0 },
      { optionId: 'b', weight: small ?? 0 },
    ]);
    expect(t.winnerId).toBe('a');
    expect(t.options.map((o) => o.weight)).toEqual([14050, 13000, 0]);
  });

  it('has no winner on a tie, nor with no votes, and then approves no quote', () => {
    const tie = tallyPoll(options, [
      { optionId: 'a', weight: 7 },
      { optionId: 'b', weight: 7 },
      { optionId: 'c', weight: 3 },
    ]);
    expect(tie).toMatchObject({ winnerId: null, tiedIds: ['a', 'b'] });
    expect(bidApprovedBy(options, tie)).toBeNull();
    expect(tallyPoll(options, [])).toMatchObject({ winnerId: null, tiedIds: [], apartments: 0 });
    expect(bidApprovedBy(options, tallyPoll(options, [{ optionId: 'a', weight: 1 }]))).toBe('bid-a');
    expect(bidApprovedBy(options, tallyPoll(options, [{ optionId: 'b', weight: 1 }]))).toBeNull();
  });

  it('refuses a weight that is not a safe integer, and ignores an option the poll does not have', () => {
    expect(() => tallyPoll(options, [{ optionId: 'a', weight: 1.5 }])).toThrow(RangeError);
    expect(tallyPoll(options, [{ optionId: 'z', weight: 1 }]).apartments).toBe(0);
  });

  it('cannot weigh an apartment without an area; an equal poll counts it one', () => {
    expect(weightOf('area', null)).toBeNull();
    expect(weightOf('area', 0)).toBeNull();
    expect(weightOf('equal', null)).toBe(1);
  });
});

describe('who votes, when, and who sees results', () => {
  it('gives the vote to owners by default, to renters only when the poll says so', () => {
    expect(roleVotes('owner', 'owners')).toBe(true);
    expect(roleVotes('renter', 'owners')).toBe(false);
    expect(roleVotes('renter', 'ownersAndRenters')).toBe(true);
    expect(roleVotes('committee', 'ownersAndRenters')).toBe(false);
  });

  it('takes votes until the closing instant, not at it', () => {
    const poll = { status: 'open' as const, closesAt: '2026-11-24T10:00:00.000Z' };
    expect(isPollOpen(poll, new Date('2026-11-24T09:59:59.999Z'))).toBe(true);
    expect(isPollOpen(poll, now)).toBe(false);
    expect(isPollOpen({ ...poll, status: 'closed' }, new Date('2026-11-24T09:00:00.000Z'))).toBe(false);
  });

  it('shows the counts live only when set, and to everybody once closed', () => {
    const poll = { status: 'open' as const, closesAt: '2026-11-25T10:00:00.000Z' };
    expect(resultsVisible({ ...poll, resultsShown: 'afterClose' }, now)).toBe(false);
    expect(resultsVisible({ ...poll, resultsShown: 'live' }, now)).toBe(true);
    expect(resultsVisible({ ...poll, status: 'closed', resultsShown: 'afterClose' }, now)).toBe(true);
  });
});

describe('a new poll', () => {
  const base = { question: 'Which quote for the lobby?', options, closesAt: '2026-11-30T18:00:00.000Z' };
  it('needs a question, two different options and a closing time after now', () => {
    expect(validatePoll(base, now)).toBeNull();
    expect(validatePoll({ ...base, question: ' ' }, now)).toEqual({ field: 'question', messageKey: 'requiredField' });
    expect(validatePoll({ ...base, options: [optionA] }, now)).toEqual({ field: 'options', messageKey: 'pollNeedsTwoOptions' });
    expect(validatePoll({ ...base, options: [optionA, { ...optionB, label: ' quote a ' }] }, now)).toEqual({
      field: 'options',
      messageKey: 'pollNeedsTwoOptions',
    });
    expect(validatePoll({ ...base, options: [optionA, { ...optionB, label: '' }] }, now)).toEqual({ field: 'options', messageKey: 'requiredField' });
    expect(validatePoll({ ...base, closesAt: '2026-11-24T10:00:00.000Z' }, now)).toEqual({ field: 'closesAt', messageKey: 'pollClosesInPast' });
  });
});
