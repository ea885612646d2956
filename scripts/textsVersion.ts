// The version of the app's English texts: a hash of the English locale files. The dictionary's English
// matches are remembered per version on the device (src/i18n/rememberedMatches.ts), so a build that
// changes an English text matches again.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { indexedNamespaces, indexOfTexts } from '../src/i18n/englishIndex.ts';

export function englishTextsVersion(root: string): string {
  const dir = path.join(root, 'src/i18n/locales/en');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The index of the sign-in page's English texts the app matches the server dictionary with (src/i18n/englishIndex.ts). */
export function englishTextsIndex(root: string): Record<string, string> {
  const dir = path.join(root, 'src/i18n/locales/en');
  return Object.fromEntries(
    indexedNamespaces.map((namespace) => [namespace, indexOfTexts(JSON.parse(readFileSync(path.join(dir, `${namespace}.json`), 'utf8')))]),
  );
}
