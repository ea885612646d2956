import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import type { ApartmentRow, ContactRow, KeyItemRow, MailItemRow } from '../../db/schema';
import { resetDb } from '../../sync/testing/setup';
import { apartmentsOfBuilding } from './apartmentsQueries';

const meta = { version: 1, updatedAt: '2026-01-01T00:00:00Z', syncState: 'synced' as const };
const apt = (id: string, number: string, debt = 0): ApartmentRow => ({
  id,
  buildingId: 101,
  number,
  floor: 1,
  entrance: null,
  area: null,
  parking: null,
  debt,
  ...meta,
});
const person = (id: string, apartmentId: string, fullName: string, role: ContactRow['role']): ContactRow => ({
  id,
  buildingId: 101,
  apartmentId,
  firstName: fullName.split(' ')[0] ?? '',
  lastName: fullName.split(' ')[1] ?? '',
  fullName,
  email: null,
  phone: null,
  role,
  position: null,
  carNumber: null,
  parkingNumber: null,
  ...meta,
});

beforeEach(async () => {
  await resetDb();
  await db.apartments.bulkAdd([apt('a10', '10'), apt('a2', '2', 420.5), apt('other', '1')]);
  await db.apartments.update('other', { buildingId: 102 });
  await db.contacts.bulkAdd([person('r', 'a2', 'רונית שוכרת', 'renter'), person('o', 'a2', 'אורי בעלים', 'owner')]);
  const item = { buildingId: 101, description: '', registeredAt: '', registeredBy: '', deliveredTo: null, deliveredBy: null, deliveredAt: null, ...meta };
  await db.keys.bulkAdd([
    { ...item, id: 'k1', apartmentId: 'a2', contactId: null, tagNumber: 'K1', status: 'pending' } satisfies KeyItemRow,
    { ...item, id: 'k2', apartmentId: 'a2', contactId: null, tagNumber: 'K2', status: 'delivered' } satisfies KeyItemRow,
  ]);
  const debt = { buildingId: 101, contactId: 'o', contactGuid: 'o', description: 'דמי ועד', paid: false, ...meta };
  await db.debts.bulkAdd([
    { ...debt, id: 'd1', apartmentId: 'a2', kind: 'futureCommittee', amount: 350, dueDate: '2026-03-10' },
    { ...debt, id: 'd2', apartmentId: 'a2', kind: 'special', amount: 70.5, dueDate: '2026-03-11' },
    { ...debt, id: 'd3', apartmentId: 'a2', kind: 'pastCommittee', amount: 350, dueDate: '2026-01-10', paid: true },
    { ...debt, id: 'd4', apartmentId: 'a10', kind: 'currentCommittee', amount: 350, dueDate: '2026-04-10' },
  ]);
  await db.mailItems.add({
    ...item,
    id: 'm1',
    apartmentId: null,
    contactId: 'r',
    kind: 'parcel',
    carrier: null,
    trackingNumber: 'T1',
    status: 'pending',
  } satisfies MailItemRow);
});

describe('apartmentsRepo', () => {
  it('lists the building apartments in number order with owners before renters and the pending items', async () => {
    const list = await apartmentsOfBuilding(101, '2026-03-11');
    expect(list.map((a) => a.apartment.number)).toEqual(['2', '10']);
    expect(list[0]).toMatchObject({ pendingKeys: 1, pendingMailItems: 1, apartment: { debt: 420.5 } });
    expect(list[0]?.tenants.map((c) => c.role)).toEqual(['owner', 'renter']);
    expect(list[1]).toMatchObject({ tenants: [], pendingKeys: 0, pendingMailItems: 0 });
  });

  it('tells what of each apartment’s open debt is past due on the day in Israel, whatever its stored kind', async () => {
    expect((await apartmentsOfBuilding(101, '2026-03-11')).map((a) => a.pastDueAgorot)).toEqual([35_000, 0]);
    expect((await apartmentsOfBuilding(101, '2026-03-12')).map((a) => a.pastDueAgorot)).toEqual([42_050, 0]);
    expect((await apartmentsOfBuilding(101, '2026-04-11')).map((a) => a.pastDueAgorot)).toEqual([42_050, 35_000]);
  });
});
