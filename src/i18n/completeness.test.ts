// Fails when any namespace misses a key in any of the four languages, or a text lost a placeholder.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageCodes } from './languages';
import { flatten } from './overrides';

const root = path.join(import.meta.dirname, 'locales');
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function load(lang: string, ns: string): Map<string, string> {
  const file = path.join(root, lang, `${ns}.json`);
  try {
    return flatten(JSON.parse(readFileSync(file, 'utf8')) as unknown);
  } catch {
    return new Map();
  }
}

const namespaces = [
  ...new Set(
    languageCodes.flatMap((lang) =>
      readdirSync(path.join(root, lang))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -5)),
    ),
  ),
].sort();

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('exist for every namespace in every language', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const ns of namespaces) for (const lang of languageCodes) expect(load(lang, ns).size, `${lang}/${ns}.json`).toBeGreaterThan(0);
  });

  describe.each(namespaces)('namespace %s', (ns) => {
    const byLang = new Map(languageCodes.map((lang) => [lang, load(ns === '' ? '' : lang, ns)]));
    const baseKeys = (keys: Iterable<string>) => new Set([...keys].map((k) => k.replace(pluralSuffix, '')));
    const all = new Set([...byLang.values()].flatMap((m) => [...baseKeys(m.keys())]));

    it.each(languageCodes)('%s has every key, none empty', (lang) => {
      const texts = byLang.get(lang) ?? new Map<string, string>();
      const have = baseKeys(texts.keys());
      expect(
        [...all].filter((k) => !have.has(k)),
        `missing in ${lang}/${ns}`,
      ).toEqual([]);
      expect(
        [...texts].filter(([, v]) => v.trim() === '').map(([k]) => k),
        `empty in ${lang}/${ns}`,
      ).toEqual([]);
    });

    it.each(languageCodes)('%s has the plural forms its language needs', (lang) => {
      const texts = byLang.get(lang) ?? new Map<string, string>();
      const pluralBases = new Set(
        [...all].filter((k) => [...byLang.values()].some((m) => [...m.keys()].some((key) => key !== k && key.replace(pluralSuffix, '') === k))),
      );
      const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const missing = [...pluralBases].flatMap((base) => needed.filter((c) => !texts.has(`${base}_${c}`) && !texts.has(base)).map((c) => `${base}_${c}`));
      expect(missing, `plural forms missing in ${lang}/${ns}`).toEqual([]);
    });

    it('keeps the same placeholders in every language', () => {
      const english = byLang.get('en') ?? new Map<string, string>();
      const mismatched: string[] = [];
      for (const [key, text] of english) {
        for (const lang of languageCodes) {
          const other = byLang.get(lang)?.get(key);
          // A singular form may spell the number out ("one change"), so it can drop {{count}}.
          const relax = (list: (string | undefined)[]) => (/_(zero|one|two)$/.test(key) ? list.filter((p) => p !== 'count') : list);
          if (other !== undefined && relax(placeholders(other)).join() !== relax(placeholders(text)).join()) mismatched.push(`${lang}:${key}`);
        }
      }
      expect(mismatched).toEqual([]);
    });
  });
});
