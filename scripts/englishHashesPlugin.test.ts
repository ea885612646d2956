import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertDistinctHashes, withEnglishHashes } from './englishHashesPlugin';
import { HASHES_FIELD, splitEnglishHashes, textHash } from '../src/i18n/englishHashes';

const english = JSON.stringify({ title: 'Buildings', total_one: 'one building', total_other: '{{count}} buildings', nested: { save: 'Save' } });
const hebrew = JSON.stringify({
  title: 'בניינים',
  total_one: 'בניין אחד',
  total_two: 'שני בניינים',
  total_other: '{{count}} בניינים',
  nested: { save: 'שמירה' },
});

describe('the English hashes the build gives each locale file', () => {
  it('names each key of another language by its English text, a plural form English lacks by English’s other form', () => {
    const { texts, keysByHash } = splitEnglishHashes(JSON.parse(withEnglishHashes(hebrew, english, 'buildings')));
    expect(texts).toEqual(JSON.parse(hebrew));
    expect(keysByHash.get(textHash('  BUILDINGS '))).toEqual(['title']);
    expect(keysByHash.get(textHash('Save'))).toEqual(['nested.save']);
    expect(keysByHash.get(textHash('{{count}} buildings'))).toEqual(['total_two', 'total_other']);
    expect(keysByHash.has(textHash('Graffiti on the building wall'))).toBe(false);
  });

  it('reads a file without hashes (a build without the plugin) as texts only', () => {
    const { texts, keysByHash } = splitEnglishHashes({ title: 'x', [HASHES_FIELD]: 3 });
    expect(texts).toEqual({ title: 'x' });
    expect(keysByHash.size).toBe(0);
  });

  it('hashes to six characters, the same text as compared the same way', () => {
    expect(textHash('Buildings')).toMatch(/^[0-9a-z]{6}$/);
    expect(textHash(' buildings ')).toBe(textHash('Buildings'));
    expect(textHash('Buildings')).not.toBe(textHash('Building'));
  });

  it('refuses two English texts of a namespace with one hash, and finds none in the app’s texts', () => {
    expect(() =>
      assertDistinctHashes(
        'x',
        new Map([
          ['a', 'Save'],
          ['b', ' save '],
        ]),
      ),
    ).not.toThrow();
    const dir = new URL('../src/i18n/locales/en/', import.meta.url);
    for (const file of readdirSync(dir)) {
      expect(() => withEnglishHashes(readFileSync(new URL(file, dir), 'utf8'), readFileSync(new URL(file, dir), 'utf8'), file)).not.toThrow();
    }
  });
});
