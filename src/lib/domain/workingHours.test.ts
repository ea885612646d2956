import { describe, expect, it } from 'vitest';
import { clockText, isWithinWorkingHours, localClock, WORKING_HOURS } from './workingHours.ts';

// Israel is UTC+2 in winter (January) and UTC+3 in summer (July).
describe('working hours (Sun–Thu 07:00–17:00, Israel time)', () => {
  it('is open on a Sunday morning and a Thursday afternoon', () => {
    expect(isWithinWorkingHours(new Date('2025-01-05T05:00:00Z'))).toBe(true); // Sun 07:00
    expect(isWithinWorkingHours(new Date('2025-01-09T14:59:00Z'))).toBe(true); // Thu 16:59
  });

  it('is closed before 07:00 and from 17:00 on a working day', () => {
    expect(isWithinWorkingHours(new Date('2025-01-05T04:59:00Z'))).toBe(false); // Sun 06:59
    expect(isWithinWorkingHours(new Date('2025-01-06T15:00:00Z'))).toBe(false); // Mon 17:00
  });

  it('is closed all Friday and Saturday (the Israeli weekend)', () => {
    expect(isWithinWorkingHours(new Date('2025-01-10T08:00:00Z'))).toBe(false); // Fri 10:00
    expect(isWithinWorkingHours(new Date('2025-01-11T08:00:00Z'))).toBe(false); // Sat 10:00
  });

  it('follows Israel summer time, not the device zone', () => {
    expect(localClock(new Date('2025-07-06T04:00:00Z'), WORKING_HOURS.timeZone)).toEqual({ day: 0, minute: 7 * 60 });
    expect(isWithinWorkingHours(new Date('2025-07-06T04:00:00Z'))).toBe(true); // Sun 07:00 IDT
    expect(isWithinWorkingHours(new Date('2025-07-06T03:59:00Z'))).toBe(false);
  });

  it('writes clock times for the notice', () => {
    expect([clockText(WORKING_HOURS.startMinute), clockText(WORKING_HOURS.endMinute)]).toEqual(['07:00', '17:00']);
  });
});
