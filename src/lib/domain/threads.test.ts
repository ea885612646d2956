import { describe, expect, it } from 'vitest';
import { THREAD_TEXT_MAX, addresseeAnswered, nextReadMark, unreadCount, validateNewThread, validateThreadText } from './threads';

describe('threads', () => {
  it("counts the other side's messages after the reader's mark, never one's own", () => {
    const messages = [
      { createdAt: '2026-03-01T10:00:00.000Z', authorUserId: 1 },
      { createdAt: '2026-03-01T11:00:00.000Z', authorUserId: 2 },
      { createdAt: '2026-03-01T12:00:00.000Z', authorUserId: 2 },
    ];
    expect(unreadCount(messages, 1, null)).toBe(2);
    expect(unreadCount(messages, 1, '2026-03-01T11:00:00.000Z')).toBe(1);
    expect(unreadCount(messages, 2, null)).toBe(1);
    expect(unreadCount(messages, 1, '2026-03-01T12:00:00.000Z')).toBe(0);
  });

  it('moves a read mark forward only, and never past now', () => {
    const now = '2026-03-01T12:00:00.000Z';
    expect(nextReadMark(null, '2026-03-01T11:00:00.000Z', now)).toBe('2026-03-01T11:00:00.000Z');
    expect(nextReadMark('2026-03-01T11:30:00.000Z', '2026-03-01T11:00:00.000Z', now)).toBe('2026-03-01T11:30:00.000Z');
    expect(nextReadMark(null, '2027-01-01T00:00:00.000Z', now)).toBe(now);
  });

  it('checks a new thread and a message', () => {
    expect(validateNewThread({ addressee: 'committee', subject: 'Noise', text: 'Loud music at night' })).toBeNull();
    expect(validateNewThread({ addressee: 'neighbours', subject: 'Noise', text: 'Loud' })).toMatchObject({ field: 'addressee' });
    expect(validateNewThread({ addressee: 'office', subject: '  ', text: 'Loud' })).toMatchObject({ field: 'subject', messageKey: 'requiredField' });
    expect(validateNewThread({ addressee: 'office', subject: 'x'.repeat(121), text: 'Loud' })).toMatchObject({ messageKey: 'threadSubjectTooLong' });
    expect(validateThreadText(' ')).toMatchObject({ field: 'text', messageKey: 'requiredField' });
    expect(validateThreadText('x'.repeat(THREAD_TEXT_MAX + 1))).toMatchObject({ messageKey: 'threadTextTooLong' });
  });

  it('the committee answers committee threads, the management company office threads, nobody else', () => {
    expect(addresseeAnswered('committee')).toBe('committee');
    expect(addresseeAnswered('manager')).toBe('office');
    expect(addresseeAnswered('admin')).toBe('office');
    for (const role of ['worker', 'supplier', 'owner', 'renter', 'receptionist', 'maintenanceManager'] as const) expect(addresseeAnswered(role)).toBeNull();
  });
});
