import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { decorateRow } from '../../db/decorate';
import type { ContactRow } from '../../db/schema';
import { resetDb } from '../../sync/testing/setup';
import { classifyContactQuery } from './searchText';
import { addContact } from '../../directory/contactsRepo';
import { searchContacts } from './contactsQueries';
import { RuleError } from '../../lib/validation/rules';

function contact(id: string, buildingId: number, fields: Partial<ContactRow>): ContactRow {
  const row = {
    id,
    buildingId,
    apartmentId: null,
    firstName: '',
    lastName: '',
    fullName: '',
    email: null,
    phone: null,
    role: 'owner',
    position: null,
    carNumber: null,
    parkingNumber: null,
    version: 1,
    updatedAt: '2026-01-01T00:00:00Z',
    syncState: 'synced',
    ...fields,
  } satisfies ContactRow;
  return decorateRow('contacts', row) as ContactRow;
}

beforeEach(async () => {
  await resetDb();
  await db.contacts.bulkAdd([
    contact('a', 101, { firstName: 'דנה', lastName: 'לוי', fullName: 'דנה לוי', phone: '0521234567', email: 'dana.levi@example.co.il' }),
    contact('b', 101, { firstName: 'משה', lastName: 'כהן', fullName: 'משה כהן', phone: '0539876543', position: 'יו"ר ועד הבית', role: 'committee' }),
    contact('c', 102, { firstName: 'Ольга', lastName: 'Иванова', fullName: 'Ольга Иванова', phone: '0547770000' }),
    contact('d', 102, { firstName: 'Dana', lastName: 'Smith', fullName: 'Dana Smith', email: 'ds@example.com' }),
  ]);
});

describe('contact search', () => {
  it('detects e-mail, phone and the script of text', () => {
    expect(classifyContactQuery('dana.levi@example.co.il')).toMatchObject({ kind: 'email' });
    expect(classifyContactQuery('+972 52-123')).toMatchObject({ kind: 'phone', digits: '052123' });
    expect(classifyContactQuery('+972 52-123-4567')).toMatchObject({ kind: 'phone', digits: '0521234567' });
    expect(classifyContactQuery('דנה')).toMatchObject({ kind: 'text', script: 'hebrew' });
    expect(classifyContactQuery('ольга')).toMatchObject({ kind: 'text', script: 'russian' });
    expect(classifyContactQuery('Dana')).toMatchObject({ kind: 'text', script: 'latin' });
    expect(classifyContactQuery('   ')).toEqual({ kind: 'empty' });
  });

  it('finds by Hebrew name prefix in the current building only, or in all buildings', async () => {
    expect((await searchContacts('דנ', 101)).contacts.map((c) => c.id)).toEqual(['a']);
    expect((await searchContacts('משה כ', null)).contacts.map((c) => c.id)).toEqual(['b']);
    expect((await searchContacts('Ольга', 101)).contacts).toEqual([]);
    expect((await searchContacts('ОЛЬГА', null)).contacts.map((c) => c.id)).toEqual(['c']);
  });

  it('finds by position, phone digits and e-mail', async () => {
    expect((await searchContacts('יו"ר', null)).contacts.map((c) => c.id)).toEqual(['b']);
    expect((await searchContacts('053-987', null)).contacts.map((c) => c.id)).toEqual(['b']);
    expect((await searchContacts('+972521234567', null)).contacts.map((c) => c.id)).toEqual(['a']);
    expect((await searchContacts('ds@example.com', null)).contacts.map((c) => c.id)).toEqual(['d']);
  });

  it('matches Latin text against names and the start of e-mail addresses', async () => {
    expect((await searchContacts('dana', null)).contacts.map((c) => c.id).sort()).toEqual(['a', 'd']);
  });
});

describe('addContact', () => {
  it('is refused when no building is selected', async () => {
    await expect(addContact({ buildingId: null, firstName: 'Avi', lastName: 'Cohen' })).rejects.toMatchObject({
      failure: { field: 'buildingId', messageKey: 'noBuildingSelected' },
    });
  });

  it('is refused when the phone or full name is already registered to the building', async () => {
    const same = addContact({ buildingId: 101, firstName: 'Other', lastName: 'Person', phone: '052-123-4567' });
    await expect(same).rejects.toBeInstanceOf(RuleError);
    await expect(same).rejects.toMatchObject({ failure: { messageKey: 'contactAlreadyRegistered', field: 'phone' } });
    await expect(addContact({ buildingId: 101, firstName: 'משה', lastName: 'כהן' })).rejects.toMatchObject({ failure: { field: 'fullName' } });
    expect(await db.outbox.count()).toBe(0);
  });

  it('writes the contact and one outbox entry, searchable at once', async () => {
    const created = await addContact({ buildingId: 102, firstName: 'משה', lastName: 'כהן', phone: '050-111-2222', role: 'renter' });
    expect(created).toMatchObject({ buildingId: 102, fullName: 'משה כהן', phone: '0501112222', syncState: 'local' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ op: 'create', entityKey: `contacts:${created.id}`, request: { method: 'POST', path: 'contacts' } });
    expect(entry?.payload).toMatchObject({ id: created.id, buildingId: 102, phone: '0501112222', role: 'renter' });
    expect((await searchContacts('0501112', 102)).contacts.map((c) => c.id)).toEqual([created.id]);
  });
});
