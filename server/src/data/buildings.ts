// Buildings and what the office keeps per building: apartments, contacts, debts.
import type { Apartment, Building, Contact, Debt } from '../../../src/lib/domain/entities.ts';
import { resource } from '../db/records.ts';
import { specs } from '../db/specs.ts';

export const buildings = resource<Building>(specs.buildings);
export const apartments = resource<Apartment>(specs.apartments);
export const contacts = resource<Contact>(specs.contacts);
export const debts = resource<Debt>(specs.debts);
