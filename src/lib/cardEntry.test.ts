import { describe, expect, it } from 'vitest';
import { CARD_ENTRY_MESSAGE_SOURCE, cardEntryMessageOf } from './cardEntry';

const frame = { name: 'the provider frame' };
const expected = { origin: 'https://pay.example', frame, entryId: 'e1' };
const event = (over: Partial<{ origin: string; source: unknown; data: unknown }> = {}) => ({
  origin: 'https://pay.example',
  source: frame,
  data: { source: CARD_ENTRY_MESSAGE_SOURCE, entryId: 'e1', status: 'entered' },
  ...over,
});

describe('a message from the card-entry page', () => {
  it('is believed from the frame the app opened, on the provider’s origin, about its entry', () => {
    expect(cardEntryMessageOf(event(), expected)).toEqual({ entryId: 'e1', status: 'entered' });
    expect(
      cardEntryMessageOf(event({ data: { source: CARD_ENTRY_MESSAGE_SOURCE, entryId: 'e1', status: 'failed', failure: 'authenticationFailed' } }), expected),
    ).toEqual({
      entryId: 'e1',
      status: 'failed',
      failure: 'authenticationFailed',
    });
  });

  it('is ignored from another origin, another window, about another entry, or of another shape', () => {
    expect(cardEntryMessageOf(event({ origin: 'https://evil.example' }), expected)).toBeNull();
    expect(cardEntryMessageOf(event({ origin: 'https://pay.example.evil.example' }), expected)).toBeNull();
    expect(cardEntryMessageOf(event({ source: {} }), expected)).toBeNull();
    expect(cardEntryMessageOf(event({ source: null }), { ...expected, frame: null })).toBeNull();
    expect(cardEntryMessageOf(event({ data: { source: CARD_ENTRY_MESSAGE_SOURCE, entryId: 'e2', status: 'entered' } }), expected)).toBeNull();
    expect(cardEntryMessageOf(event({ data: 'entered' }), expected)).toBeNull();
    expect(cardEntryMessageOf(event({ data: { source: 'other', entryId: 'e1', status: 'entered' } }), expected)).toBeNull();
  });
});
