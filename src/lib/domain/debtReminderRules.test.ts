import { describe, expect, it } from 'vitest';
import type { ReminderRule } from './debtReminderRules';
import { defaultReminderRule, reminderDayOf, reminderStepOn, validateReminderRule } from './debtReminderRules';

const rule: ReminderRule = { ...defaultReminderRule, enabled: true };

describe('reminderStepOn (7 days after due, then every 14, at most 3)', () => {
  it('sends nothing before the first day, then each step on its own day', () => {
    expect(reminderStepOn(rule, '2041-01-31', '2041-01-31')).toBeNull();
    expect(reminderStepOn(rule, '2041-01-31', '2041-02-06')).toBeNull();
    expect(reminderStepOn(rule, '2041-01-31', '2041-02-07')).toBe(0);
    expect(reminderStepOn(rule, '2041-01-31', '2041-02-20')).toBe(0);
    expect(reminderStepOn(rule, '2041-01-31', '2041-02-21')).toBe(1);
    expect(reminderStepOn(rule, '2041-01-31', '2041-03-07')).toBe(2);
  });

  it('stops at the most reminders and takes the latest step after missed days', () => {
    expect(reminderStepOn(rule, '2041-01-31', '2042-01-01')).toBe(2);
    expect(reminderStepOn({ ...rule, maxCount: 1 }, '2041-01-31', '2041-06-01')).toBe(0);
  });

  it('counts days across a month end and a leap day', () => {
    expect(reminderDayOf(rule, '2044-02-28', 0)).toBe('2044-03-06');
    expect(reminderDayOf(rule, '2044-02-28', 1)).toBe('2044-03-20');
    expect(reminderDayOf({ ...rule, firstAfterDays: 1 }, '2041-12-31', 0)).toBe('2042-01-01');
  });

  it('is off when disabled, and never reminds on the due date itself', () => {
    expect(reminderStepOn({ ...rule, enabled: false }, '2041-01-01', '2041-06-01')).toBeNull();
    const sameDay = { ...rule, firstAfterDays: 0 };
    expect(reminderStepOn(sameDay, '2041-01-31', '2041-02-01')).toBe(0);
    expect(reminderStepOn(sameDay, '2041-01-31', '2041-01-31')).toBeNull();
  });
});

describe('validateReminderRule', () => {
  it('accepts the default and refuses days, counts and channels out of bounds', () => {
    expect(validateReminderRule(rule)).toBeNull();
    expect(validateReminderRule({ ...rule, firstAfterDays: -1 })?.field).toBe('firstAfterDays');
    expect(validateReminderRule({ ...rule, everyDays: 0 })?.field).toBe('everyDays');
    expect(validateReminderRule({ ...rule, everyDays: 1.5 })?.field).toBe('everyDays');
    expect(validateReminderRule({ ...rule, maxCount: 13 })?.field).toBe('maxCount');
    expect(validateReminderRule({ ...rule, channels: [] })?.field).toBe('channels');
    expect(validateReminderRule({ ...rule, channels: ['email', 'email'] })?.field).toBe('channels');
  });
});
