// Buildings and what the office keeps per building: apartments, contacts, debts.
import type { Apartment, Building, Contact, Debt } from '../../../src/lib/domain/entities.ts';
import type { Db } from '../db/database.ts';
import { resource } from '../db/records.ts';
import { specs } from '../db/specs.ts';

export const buildings = resource<Building>(specs.buildings);
export const apartments = resource<Apartment>(specs.apartments);
export const contacts = resource<Contact>(specs.contacts);
export const debts = resource<Debt>(specs.debts);

/** The contacts of an apartment with what a registration checks (auth/tenantRegistration.ts). */
export const contactsOfApartment = (db: Db, companyId: number, apartmentId: string) =>
  db.all(db.q.selectFrom('contacts').select(['id', 'role', 'fullName', 'phone', 'email']).where('companyId', '=', companyId).where('apartmentId', '=', apartmentId));
