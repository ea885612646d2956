import { describe, expect, it } from 'vitest';
import { normalizeItemNumber, validateHandover, validateNewKey, validateNewMailItem } from './itemRules.ts';

const keys = [
  { id: 'k1', buildingId: 1, status: 'pending' as const, tagNumber: 'A-12' },
  { id: 'k2', buildingId: 1, status: 'delivered' as const, tagNumber: 'B-7' },
];

describe('keys and mail items', () => {
  it('normalizes numbers', () => {
    expect(normalizeItemNumber(' a 12 ')).toBe('A12');
    expect(normalizeItemNumber('rr-123 il')).toBe('RR123IL');
  });

  it('refuses the same pending tag twice in a building', () => {
    expect(validateNewKey({ id: 'k3', buildingId: 1, tagNumber: 'a-12', description: 'מפתח לובי' }, keys)).toEqual({
      field: 'tagNumber',
      messageKey: 'itemAlreadyInserted',
    });
    expect(validateNewKey({ id: 'k3', buildingId: 2, tagNumber: 'A-12', description: 'מפתח' }, keys)).toBeNull();
    expect(validateNewKey({ id: 'k3', buildingId: 1, tagNumber: 'B-7', description: 'מפתח' }, keys)).toBeNull();
    expect(validateNewKey({ id: 'k1', buildingId: 1, tagNumber: 'A-12', description: 'מפתח' }, keys)).toBeNull();
    expect(validateNewKey({ id: 'k3', buildingId: null, tagNumber: 'X', description: 'מפתח' }, keys)?.messageKey).toBe('noBuildingSelected');
  });

  it('refuses the same pending tracking number twice', () => {
    const items = [{ id: 'm1', buildingId: 1, status: 'pending' as const, trackingNumber: 'RR123IL' }];
    expect(validateNewMailItem({ id: 'm2', buildingId: 1, trackingNumber: 'rr123il' }, items)?.messageKey).toBe('itemAlreadyInserted');
    expect(validateNewMailItem({ id: 'm2', buildingId: 1, trackingNumber: '' }, items)?.messageKey).toBe('requiredField');
  });

  it('hands over once, to a named person', () => {
    const input = { deliveredTo: 'דנה לוי', deliveredBy: 'avi', deliveredAt: '2024-01-01T10:00:00Z' };
    expect(validateHandover({ status: 'pending' }, input)).toBeNull();
    expect(validateHandover({ status: 'delivered' }, input)?.messageKey).toBe('itemAlreadyDelivered');
    expect(validateHandover({ status: 'pending' }, { ...input, deliveredTo: '' })?.field).toBe('deliveredTo');
    expect(validateHandover({ status: 'pending' }, { ...input, deliveredAt: 'x' })?.field).toBe('deliveredAt');
  });
});
