import { describe, expect, it } from 'vitest';
import { israelToday, validateVisitorPass, visitorPassEditable } from './deskPasses';

// 22:30 UTC on 29 November 2026 is already 30 November in Israel (UTC+2).
const lateEvening = new Date('2026-11-29T22:30:00Z');

describe('a pre-approved visitor', () => {
  it("takes Israel's date, not the server's or device's", () => {
    expect(israelToday(lateEvening)).toBe('2026-11-30');
  });

  it('refuses a date before today in Israel, a day the calendar does not have, too far ahead; takes today', () => {
    const check = (visitDate: string) => validateVisitorPass({ name: 'Dana Cohen', visitDate, note: '' }, lateEvening)?.messageKey ?? null;
    expect(check('2026-11-29')).toBe('visitDateInPast');
    expect(check('2026-11-30')).toBeNull();
    expect(check('2026-02-30')).toBe('invalidDate');
    expect(check('30/11/2026')).toBe('invalidDate');
    expect(check('2027-06-30')).toBe('visitDateTooFar');
    expect(validateVisitorPass({ name: 'D', visitDate: '2026-11-30', note: '' }, lateEvening)?.messageKey).toBe('nameTooShort');
  });

  it('is the tenant’s to change until its day is over, unless let in or cancelled', () => {
    const pass = { status: 'expected', arrivedAt: null, visitDate: '2026-11-30' } satisfies Parameters<typeof visitorPassEditable>[0];
    expect(visitorPassEditable(pass, lateEvening)).toBe(true);
    expect(visitorPassEditable({ ...pass, visitDate: '2026-11-29' }, lateEvening)).toBe(false);
    expect(visitorPassEditable({ ...pass, arrivedAt: '2026-11-30T08:00:00Z' }, lateEvening)).toBe(false);
    expect(visitorPassEditable({ ...pass, status: 'cancelled' }, lateEvening)).toBe(false);
  });
});
