import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { comparable, indexedNamespaces, indexMayHold, indexOfTexts, parseEnglishIndex, textHash } from './englishIndex';
import { signInNamespaces } from './i18n';

const english = (namespace: string): unknown => JSON.parse(readFileSync(new URL(`./locales/en/${namespace}.json`, import.meta.url), 'utf8'));

describe('the built-in index of the sign-in page’s English texts', () => {
  it('indexes exactly the namespaces the sign-in page loads, its error texts (loaded on first focus) included', () => {
    expect([...indexedNamespaces].sort()).toEqual([...signInNamespaces, 'errors'].sort());
  });

  it('may hold every text of its namespace, compared as the dictionary is', () => {
    const index = indexOfTexts(english('auth'));
    expect(indexMayHold(index, [comparable('  Send CODE ')])).toBe(true);
    expect(index.length % 3).toBe(0);
  });

  it('holds none of the texts of another namespace, so that namespace’s English file is not loaded', () => {
    const index = indexOfTexts(english('errors'));
    expect(indexMayHold(index, ['service calls', 'buildings', 'graffiti on the building wall'])).toBe(false);
  });

  it('hashes to three characters and reads only string entries from the build', () => {
    expect(textHash('buildings')).toMatch(/^[0-9a-z]{3}$/);
    expect([...parseEnglishIndex(JSON.stringify({ auth: 'abc', broken: 3 }))]).toEqual([['auth', 'abc']]);
    expect(parseEnglishIndex('not json').size).toBe(0);
    expect(parseEnglishIndex(undefined).size).toBe(0);
  });
});
