import { describe, expect, it } from 'vitest';
import { mayDeleteEvent, validateEvent } from './eventRules';
import { dialingNumberOf, gateAccessOf, mayManageGate, normalizedPhones, validateGate } from './gateRules';
import { audienceRoles, retryDelayMs, validateMessage } from './messageRules';

describe('gate rules', () => {
  const gate = { name: 'שער חניון', gatePhone: '03-555-1234', dialingPhones: ['050-111-2233'], isPublic: false };
  it('needs a name, a valid gate phone and at least one valid dialing phone', () => {
    expect(validateGate(gate)).toBeNull();
    expect(validateGate({ ...gate, name: ' ' })).toEqual({ field: 'name', messageKey: 'requiredField' });
    expect(validateGate({ ...gate, gatePhone: '123' })).toEqual({ field: 'gatePhone', messageKey: 'invalidPhone' });
    expect(validateGate({ ...gate, dialingPhones: ['', ' '] })).toEqual({ field: 'dialingPhones', messageKey: 'requiredField' });
    expect(validateGate({ ...gate, dialingPhones: ['0501112233', '99'] })).toEqual({ field: 'dialingPhones', messageKey: 'invalidPhone' });
    expect(normalizedPhones(['050-111-2233', ''])).toEqual(['0501112233']);
  });
  it('leaves a public gate to the committee only', () => {
    expect(mayManageGate('manager', false)).toBe(true);
    expect(mayManageGate('manager', true)).toBe(false);
    expect(mayManageGate('committee', true)).toBe(true);
  });
  it('keeps the gate line the gate’s own: never a listed person’s number', () => {
    expect(validateGate({ ...gate, dialingPhones: [], dialerLine: '0772000101' })).toBeNull();
    expect(validateGate({ ...gate, dialerLine: '972501112233' })).toEqual({ field: 'dialerLine', messageKey: 'gateLineIsPersonalNumber' });
    expect(validateGate({ ...gate, dialerLine: '12' })).toEqual({ field: 'dialerLine', messageKey: 'invalidPhone' });
  });
  it('opens for the listed callers from their own number, and a public gate for residents through its line', () => {
    const listed = { dialingPhones: ['0534445566', '972527778899'], isPublic: false, dialerLine: null };
    expect(gateAccessOf(listed, { role: 'supplier', phone: '0527778899', phoneVerified: true })).toEqual({ allowed: true, via: 'ownPhone' });
    expect(dialingNumberOf(listed, { phone: '0527778899' }, 'ownPhone')).toBe('972527778899');
    for (const role of ['renter', 'supplier', 'receptionist', 'worker', 'manager'] as const)
      expect(gateAccessOf(listed, { role, phone: '0545556677', phoneVerified: true }), role).toEqual({ allowed: false, reason: 'gateNotForYou' });
    expect(gateAccessOf(listed, { role: 'owner', phone: null, phoneVerified: true })).toEqual({ allowed: false, reason: 'gateNotForYou' });
    const main = { dialingPhones: ['0523334455'], isPublic: true, dialerLine: '0772000101' };
    for (const role of ['owner', 'renter', 'committee'] as const)
      expect(gateAccessOf(main, { role, phone: '0545556677', phoneVerified: true }), role).toEqual({ allowed: true, via: 'gateLine' });
    expect(dialingNumberOf(main, { phone: '0545556677' }, 'gateLine')).toBe('0772000101');
    for (const role of ['supplier', 'receptionist', 'worker', 'maintenanceManager', 'manager', 'admin'] as const)
      expect(gateAccessOf(main, { role, phone: '0545556677', phoneVerified: true }), role).toEqual({ allowed: false, reason: 'gateNotForYou' });
    expect(gateAccessOf({ ...main, dialerLine: null }, { role: 'renter', phone: '0545556677', phoneVerified: true })).toEqual({
      allowed: false,
      reason: 'gateHasNoLine',
    });
  });
  it('dials from a listed phone only for a session that proved it; a public gate’s resident still goes through its line', () => {
    const listed = { dialingPhones: ['0534445566'], isPublic: false, dialerLine: null };
    expect(gateAccessOf(listed, { role: 'owner', phone: '0534445566', phoneVerified: false })).toEqual({ allowed: false, reason: 'phoneMustBeVerified' });
    expect(gateAccessOf(listed, { role: 'owner', phone: '0545556677', phoneVerified: false })).toEqual({ allowed: false, reason: 'gateNotForYou' });
    const main = { ...listed, isPublic: true, dialerLine: '0772000101' };
    expect(gateAccessOf(main, { role: 'owner', phone: '0534445566', phoneVerified: false })).toEqual({ allowed: true, via: 'gateLine' });
    expect(gateAccessOf(main, { role: 'supplier', phone: '0534445566', phoneVerified: false })).toEqual({ allowed: false, reason: 'phoneMustBeVerified' });
  });
});

describe('event rules', () => {
  it('needs a title and a start before the end; a begun event is not deleted', () => {
    expect(validateEvent({ title: 'הדברה', start: '2026-12-01T09:00', end: '2026-12-01T11:00' })).toBeNull();
    expect(validateEvent({ title: 'הדברה', start: '2026-12-01T11:00', end: '2026-12-01T09:00' })).toEqual({ field: 'end', messageKey: 'startMustBeBeforeEnd' });
    expect(validateEvent({ title: 'הדברה', start: '2026-12-01T09:75', end: '2026-12-01T11:00' })).toEqual({ field: 'start', messageKey: 'invalidTime' });
    expect(validateEvent({ title: 'הדברה', start: '2026-12-01T09:00', end: '2026-12-32T11:00' })).toEqual({ field: 'end', messageKey: 'invalidDate' });
    expect(validateEvent({ title: '', start: '2026-12-01T09:00', end: '2026-12-01T11:00' })?.field).toBe('title');
    expect(mayDeleteEvent({ start: '2026-12-01T09:00' }, '2026-12-01T09:00')?.messageKey).toBe('cannotDeletePastOrPaidEvent');
    expect(mayDeleteEvent({ start: '2026-12-01T09:00' }, '2026-11-30T23:59')).toBeNull();
  });
});

describe('message rules', () => {
  const message = { subject: 'הפסקת מים', body: 'ביום ראשון', owners: false, renters: true, channels: ['email'] as const };
  it('needs subject, body, owners or renters, and a way to send', () => {
    expect(validateMessage(message)).toBeNull();
    expect(validateMessage({ ...message, subject: '' })).toEqual({ field: 'subject', messageKey: 'requiredField' });
    expect(validateMessage({ ...message, body: ' ' })).toEqual({ field: 'body', messageKey: 'requiredField' });
    expect(validateMessage({ ...message, renters: false })).toEqual({ field: 'audience', messageKey: 'selectOwnersOrRenters' });
    expect(validateMessage({ ...message, channels: [] })).toEqual({ field: 'channels', messageKey: 'mustSelectSendOption' });
    expect(audienceRoles({ owners: true, renters: true })).toEqual(['owner', 'renter']);
  });
  it('backs off 1, 5, 25 minutes between attempts', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([60_000, 300_000, 1_500_000]);
  });
});
