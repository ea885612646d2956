// Gives every locale file, in every language, the hashes of its keys' English texts
// (src/i18n/englishHashes.ts): the app matches the server's dictionary by them without loading English.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { HASHES_FIELD, NO_HASH, leafKeys, textHash } from '../src/i18n/englishHashes.ts';

const LOCALE_FILE = /\/locales\/[a-z]{2}\/([\w-]+)\.json$/;
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The English text a key carries: its own, or for a plural form English lacks, English's `_other` (or the base key). */
function englishTextOf(english: ReadonlyMap<string, string>, key: string): string | undefined {
  const own = english.get(key);
  if (own !== undefined) return own;
  if (!PLURAL.test(key)) return undefined;
  const base = key.replace(PLURAL, '');
  return english.get(`${base}_other`) ?? english.get(base);
}

function textsOf(tree: unknown): Map<string, string> {
  const texts = new Map<string, string>();
  const read = (node: unknown, keys: string[]) => {
    if (typeof node === 'string') texts.set(keys.join('.'), node);
    else if (typeof node === 'object' && node !== null) for (const [key, value] of Object.entries(node)) read(value, [...keys, key]);
  };
  read(tree, []);
  return texts;
}

/** Fails when two different English texts of a namespace share a hash (a row would then match both). */
export function assertDistinctHashes(namespace: string, english: ReadonlyMap<string, string>): void {
  const seen = new Map<string, string>();
  for (const text of english.values()) {
    const hash = textHash(text);
    const other = seen.get(hash);
    if (other !== undefined && other.trim().toLowerCase() !== text.trim().toLowerCase()) {
      throw new Error(`English texts of ${namespace} share the hash ${hash}: "${other}" and "${text}" (src/i18n/englishHashes.ts)`);
    }
    seen.set(hash, text);
  }
}

/** A locale file's JSON with its English hashes added. */
export function withEnglishHashes(json: string, englishJson: string, namespace: string): string {
  const tree: unknown = JSON.parse(json);
  if (typeof tree !== 'object' || tree === null) return json;
  const english = textsOf(JSON.parse(englishJson));
  assertDistinctHashes(namespace, english);
  const hashes = leafKeys(tree)
    .map((key) => {
      const text = englishTextOf(english, key);
      return text === undefined ? NO_HASH : textHash(text);
    })
    .join('');
  return JSON.stringify({ ...tree, [HASHES_FIELD]: hashes });
}

export function englishHashes(root: string): Plugin {
  return {
    name: 'binyan-english-hashes',
    enforce: 'pre',
    transform(code, id) {
      const namespace = LOCALE_FILE.exec(id.split('?')[0] ?? '')?.[1];
      if (!namespace) return null;
      const englishFile = path.join(root, 'src/i18n/locales/en', `${namespace}.json`);
      this.addWatchFile(englishFile);
      return { code: withEnglishHashes(code, readFileSync(englishFile, 'utf8'), namespace), map: null };
    },
  };
}
