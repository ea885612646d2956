// Local-only fields derived from a record (list tab, search words). Applied whenever a row is written
// from a server record, in the page and in the service worker alike, so lists and search stay right.
import { tabOf } from '../lib/domain/serviceCallStatus';
import type { ServiceCallStatus } from '../lib/domain/entities';

type Row = Record<string, unknown>;

/** Lower-cased words of the given text fields (the `*searchWords` multi-entry index). */
export function searchWordsOf(row: Row, fields: readonly string[]): string[] {
  const words = new Set<string>();
  for (const field of fields) {
    const value = row[field];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    for (const word of String(value)
      .toLowerCase()
      .split(/[\s,.;:/\\()"'-]+/u))
      if (word) words.add(word);
  }
  return [...words];
}

const searchFields: Partial<Record<string, readonly string[]>> = {
  contacts: ['fullName', 'firstName', 'lastName', 'phone', 'email', 'position'],
  serviceCalls: ['subject', 'description', 'reporterName', 'callNumber'],
  suppliers: ['name', 'phone', 'email'],
};

function isStatus(value: unknown): value is ServiceCallStatus {
  return typeof value === 'string';
}

/** Adds the derived local fields of `table` to a row (returns a new object). */
export function decorateRow(table: string, row: Row): Row {
  const out: Row = { ...row };
  if (table === 'serviceCalls' && isStatus(row.status)) out.tab = tabOf(row.status);
  const fields = searchFields[table];
  if (fields) out.searchWords = searchWordsOf(row, fields);
  return out;
}
