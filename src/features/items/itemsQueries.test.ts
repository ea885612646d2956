import { describe, expect, it } from 'vitest';
import type { ApartmentRow, ContactRow, MailItemRow } from '../../db/schema';
import { matchesItem } from './itemsQueries';

const item = {
  id: 'm1',
  buildingId: 1,
  apartmentId: 'a1',
  contactId: 'c1',
  kind: 'parcel',
  carrier: 'UPS',
  trackingNumber: 'RR-123-IL',
  description: 'חבילה גדולה',
  status: 'pending',
  registeredAt: '',
  registeredBy: '',
  deliveredTo: null,
  deliveredBy: null,
  deliveredAt: null,
  version: 1,
  updatedAt: '',
  syncState: 'synced',
} as MailItemRow;
const view = { item, apartment: { number: '12' } as ApartmentRow, contact: { fullName: 'יעל כהן', phone: '0541234567' } as ContactRow };

describe('item search', () => {
  it('finds by number (without dashes), recipient, apartment, carrier and description', () => {
    expect(matchesItem(view, '')).toBe(true);
    expect(matchesItem(view, 'rr123')).toBe(true);
    expect(matchesItem(view, 'יעל')).toBe(true);
    expect(matchesItem(view, '12 ups')).toBe(true);
    expect(matchesItem(view, 'גדולה')).toBe(true);
    expect(matchesItem(view, 'דני')).toBe(false);
  });
});
