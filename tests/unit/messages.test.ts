import { describe, expect, it } from 'vitest';
import he from '../../src/i18n/locales/he/errors.json' with { type: 'json' };
import en from '../../src/i18n/locales/en/errors.json' with { type: 'json' };
import fr from '../../src/i18n/locales/fr/errors.json' with { type: 'json' };
import ru from '../../src/i18n/locales/ru/errors.json' with { type: 'json' };
import { errorKey, isMessageKey, messageKeys, messages } from '../../src/lib/validation/messages.ts';

const locales: Record<string, Record<string, string>> = { he, en, fr, ru };

describe('errors namespace', () => {
  it.each(Object.keys(locales))('%s/errors.json has a non-empty text for every messages.ts key', (lang) => {
    const table = locales[lang] ?? {};
    const missing = messageKeys.filter((k) => typeof table[k] !== 'string' || table[k].trim() === '');
    expect(missing).toEqual([]);
  });

  it('all four locales have the same keys', () => {
    const enKeys = Object.keys(en).sort();
    for (const table of Object.values(locales)) expect(Object.keys(table).sort()).toEqual(enKeys);
  });

  it('English locale texts are the server texts', () => {
    for (const k of messageKeys) expect((en as Record<string, string>)[k]).toBe(messages[k]);
  });

  it('builds namespaced keys', () => {
    expect(errorKey('requiredField')).toBe('errors:requiredField');
    expect(isMessageKey('photoRequired')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });
});
