import { describe, expect, it } from 'vitest';
import { CLOSING_MESSAGE_DAYS, closingMessageDays, daysOpen, offersClosingMessage } from './serviceCallClosing.ts';

const now = new Date('2025-03-31T10:00:00Z');

describe('closing message for long-open calls', () => {
  it('defaults to 30 days and takes a valid global instead', () => {
    expect(CLOSING_MESSAGE_DAYS).toBe(30);
    expect(closingMessageDays(null)).toBe(30);
    expect(closingMessageDays('')).toBe(30);
    expect(closingMessageDays('14')).toBe(14);
    expect(closingMessageDays(0)).toBe(0);
    expect(closingMessageDays('two weeks')).toBe(30);
    expect(closingMessageDays('-3')).toBe(30);
  });

  it('counts whole days open', () => {
    expect(daysOpen('2025-03-01T10:00:00Z', now)).toBe(30);
    expect(daysOpen('2025-03-01T10:00:01Z', now)).toBe(29);
    expect(daysOpen('2025-04-10T10:00:00Z', now)).toBe(0);
    expect(daysOpen('not a date', now)).toBe(0);
  });

  it('offers the message only after more than N days and only for a call still open', () => {
    expect(offersClosingMessage({ status: 'open', openedAt: '2025-03-01T10:00:00Z' }, now)).toBe(false);
    expect(offersClosingMessage({ status: 'inTreatment', openedAt: '2025-02-28T10:00:00Z' }, now)).toBe(true);
    expect(offersClosingMessage({ status: 'closed', openedAt: '2024-01-01T10:00:00Z' }, now)).toBe(false);
    expect(offersClosingMessage({ status: 'open', openedAt: '2025-03-20T10:00:00Z' }, now, 7)).toBe(true);
  });
});
