// Keys and mail items kept for tenants.
import type { KeyItem, MailItem } from '../../../src/lib/domain/entities.ts';
import { resource } from '../db/records.ts';
import { specs } from '../db/specs.ts';

export const keyItems = resource<KeyItem>(specs.keys);
export const mailItems = resource<MailItem>(specs.mailItems);
