// The version of the app's English texts: a hash of the English locale files. The dictionary's English
// matches are remembered per version on the device (src/i18n/rememberedMatches.ts), so a build that
// changes an English text matches again.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function englishTextsVersion(root: string): string {
  const dir = path.join(root, 'src/i18n/locales/en');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    hash.update(file).update('\0').update(readFileSync(path.join(dir, file))).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}
