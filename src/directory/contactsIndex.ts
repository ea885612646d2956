// Every contact of the device in memory (db/tableIndex.ts), sorted by full name as Hebrew collates it
// (ties by id), with what contact search reads of each: the search words as one text, the e-mail in
// lower case and the phone normalised. Current after any change of the table in any context.
import { db } from '../db/db';
import type { ContactRow } from '../db/schema';
import { tableIndex } from '../db/tableIndex';
import { normalizePhone } from '../lib/domain/contactRules';

export type ContactFacts = {
  /** ` word1 word2 …`: a word starts one of the contact's search words ⇔ ` word` occurs in it. */
  words: string;
  email: string;
  phone: string | null;
};

const hebrew = new Intl.Collator('he');

/** By full name (`localeCompare(…, 'he')`), then by id: a total order. */
export function compareContacts(a: ContactRow, b: ContactRow): number {
  return hebrew.compare(a.fullName, b.fullName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function contactFactsOf(contact: Pick<ContactRow, 'email' | 'phone' | 'searchWords'>): ContactFacts {
  return {
    words: ` ${(contact.searchWords ?? []).join(' ')}`,
    email: (contact.email ?? '').toLocaleLowerCase(),
    phone: contact.phone === null ? null : normalizePhone(contact.phone),
  };
}

export const contactsIndex = tableIndex(db.contacts, { orders: { name: compareContacts }, facts: contactFactsOf });
