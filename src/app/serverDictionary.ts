// The server's translation dictionary (spec section 3) overrides bundled texts. The last copy per
// language is kept in IndexedDB so an offline start shows the same texts.
import { metaStore } from '../db/metaStore';
import { api } from '../session/api';
import { applyServerDictionary } from '../i18n/i18n';
import { isDictionaryRow } from '../i18n/overrides';
import type { DictionaryRow } from '../i18n/overrides';

const cacheKey = (lid: number) => `i18n.dictionary.${lid}`;

function rowsOf(value: unknown): DictionaryRow[] {
  return Array.isArray(value) ? value.filter(isDictionaryRow) : [];
}

export async function applyCachedDictionary(lid: number): Promise<number> {
  const cached = await metaStore.get(cacheKey(lid));
  return applyServerDictionary(rowsOf(cached?.value));
}

export async function refreshDictionary(lid: number): Promise<number> {
  const answer = await api.request<unknown>('GET', 'translations', { lid });
  const rows = rowsOf(answer);
  // A cache: on a device that never signed in, stored once the app's database exists.
  await metaStore.putWhenStored({ key: cacheKey(lid), value: rows });
  return applyServerDictionary(rows);
}
