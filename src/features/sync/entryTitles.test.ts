import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../db/outboxRows';
import { languageCodes } from '../../i18n/languages';
import { flatten } from '../../i18n/overrides';
import { META_OUTBOX_KINDS } from '../../sync/write/outboxSubjects';
import { allEditableFields, editableFieldsOf, fromFormValue, toFormValue } from './editableFields';
import { allEntryTitleKeys, ENTRY_TITLES, entryTitleKey, UNKNOWN_ENTRY_TITLE } from './entryTitles';
import { isShownField, namedFields } from './fieldDisplay';

const locales = path.join(import.meta.dirname, '../../i18n/locales');
const texts = (lang: string, ns: string) => flatten(JSON.parse(readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8')) as unknown);

type EntryShape = Pick<OutboxEntry, 'table' | 'recordId' | 'kind' | 'op' | 'payload'>;
const entry = (shape: Partial<EntryShape>): EntryShape => ({ table: 'serviceCalls', recordId: 'c1', kind: 'mutation', op: 'create', payload: {}, ...shape });

describe('entry titles', () => {
  it('titles every table, meta kind and op in words, never by its code', () => {
    expect(entryTitleKey(entry({}))).toBe('titles.serviceCalls.create');
    expect(entryTitleKey(entry({ table: 'checkGroups', op: 'submit' }))).toBe('titles.checkGroups.submit');
    expect(entryTitleKey(entry({ table: 'meta', recordId: 'visitor.leave:v1' }))).toBe('titles.meta.visitorLeave');
    expect(entryTitleKey(entry({ table: 'meta', recordId: 'charge.add:c1' }))).toBe('titles.meta.charge');
    expect(entryTitleKey(entry({ table: 'photos', kind: 'photo', op: 'upload' }))).toBe('titles.photos.other');
    // A verb this subject has no phrase for, and entries of a newer version: still a sentence.
    expect(entryTitleKey(entry({ table: 'keys', op: 'approve' }))).toBe('titles.keys.other');
    expect(entryTitleKey(entry({ table: 'meta', recordId: 'someday.new:x' }))).toBe(UNKNOWN_ENTRY_TITLE);
    expect(entryTitleKey(entry({ table: 'notATable' }))).toBe(UNKNOWN_ENTRY_TITLE);
    for (const kind of META_OUTBOX_KINDS) expect(entryTitleKey(entry({ table: 'meta', recordId: `${kind}:1` }))).toBe(ENTRY_TITLES[kind].other);
  });

  it.each(languageCodes)('has every title, field name and choice in %s', (lang) => {
    const sync = texts(lang, 'sync');
    expect(allEntryTitleKeys().filter((key) => !sync.has(key))).toEqual([]);
    expect(namedFields().filter((field) => !sync.has(`fields.${field}`))).toEqual([]);
    const choices = allEditableFields().flatMap(({ input }) =>
      input.kind === 'choice' && input.labels ? input.options.map((o) => `${input.labels ?? ''}.${o}`) : [],
    );
    const missing = choices.filter((key) => {
      const [ns = '', rest = ''] = key.split(':');
      return !texts(lang, ns).has(rest);
    });
    expect(missing).toEqual([]);
  });
});

describe('editable fields', () => {
  it('offers only the described fields the payload carries, never ids, signatures or bookkeeping', () => {
    const create = entry({
      payload: { id: 'c1', buildingId: 3, domain: 'plumbing', priority: 'normal', description: 'Leak', createdBy: 'w1', openedAt: '2026-11-28T08:00:00.000Z' },
    });
    expect(editableFieldsOf(create).map((f) => f.field)).toEqual(['description', 'domain', 'priority']);
    const handover = entry({
      table: 'keys',
      op: 'handover',
      payload: { deliveredTo: 'Dana', deliveredBy: null, deliveredAt: '2026-11-28T08:00:00.000Z', signature: 'data:image/png;base64,AAAA' },
    });
    expect(editableFieldsOf(handover).map((f) => [f.field, f.input.kind])).toEqual([
      ['deliveredTo', 'text'],
      ['deliveredBy', 'text'],
      ['deliveredAt', 'instant'],
    ]);
    expect(editableFieldsOf(entry({ table: 'checkGroups', op: 'submit', payload: { ChecksHeaderGuid: 'g', DebtIds: ['d'], WorkerGuid: 'w' } }))).toEqual([]);
    expect(editableFieldsOf(entry({ table: 'photos', kind: 'photo', op: 'upload', payload: { role: 'attachment', ownerId: 'c1' } }))).toEqual([]);
    for (const f of allEditableFields()) expect(isShownField(f.field), f.field).toBe(true);
  });

  it('turns wire values into form values and back: instants to local date and time, agorot to shekels', () => {
    const at = new Date(2026, 10, 28, 9, 5).toISOString();
    expect(toFormValue({ kind: 'instant' }, at)).toBe('2026-11-28T09:05');
    expect(fromFormValue({ kind: 'instant' }, '2026-11-28T10:30', at)).toBe(new Date(2026, 10, 28, 10, 30).toISOString());
    expect(toFormValue({ kind: 'agorot' }, 12_550)).toBe('125.5');
    expect(fromFormValue({ kind: 'agorot' }, '125,50', 12_550)).toBe(12_550);
    expect(fromFormValue({ kind: 'number' }, '1234.5', 1)).toBe(1234.5);
    expect(fromFormValue({ kind: 'choice', options: [1, 2, 3] }, '2', 1)).toBe(2);
    expect(fromFormValue({ kind: 'text' }, '', null)).toBeNull();
    expect(toFormValue({ kind: 'boolean' }, true)).toBe(true);
  });
});
