// The server's translation dictionary (spec section 3) overrides bundled texts. The last copy per
// language is kept in IndexedDB so an offline start shows the same texts.
import { metaStore } from '../db/metaStore';
import { api } from '../session/api';
import { applyServerDictionary, currentLanguage, initI18n } from '../i18n/i18n';
import { languageByCode } from '../i18n/languages';
import { isDictionaryRow } from '../i18n/overrides';
import type { DictionaryRow } from '../i18n/overrides';

const cacheKey = (lid: number) => `i18n.dictionary.${lid}`;

function rowsOf(value: unknown): DictionaryRow[] {
  return Array.isArray(value) ? value.filter(isDictionaryRow) : [];
}

// Once per language and page: the start applies it before the first render, the frame's hook again.
const cachedApplied = new Map<number, Promise<number>>();

export function applyCachedDictionary(lid: number): Promise<number> {
  let applying = cachedApplied.get(lid);
  if (!applying) {
    applying = metaStore.get(cacheKey(lid)).then((cached) => applyServerDictionary(rowsOf(cached?.value)));
    applying.catch(() => cachedApplied.delete(lid));
    cachedApplied.set(lid, applying);
  }
  return applying;
}

/** A start waits this long at most for the cached dictionary; a later one shows when it comes. */
const START_DICTIONARY_WAIT_MS = 400;

/**
 * The cached dictionary of the language the page starts in, applied before the app's first render:
 * the first screen shows the company's own wording instead of changing every text a moment later.
 */
export async function applyStartDictionary(): Promise<void> {
  await initI18n();
  const applied = applyCachedDictionary(languageByCode(currentLanguage()).id).catch(() => 0);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, START_DICTIONARY_WAIT_MS);
  });
  await Promise.race([applied, bound]);
  clearTimeout(timer);
}

export async function refreshDictionary(lid: number): Promise<number> {
  const answer = await api.request<unknown>('GET', 'translations', { lid });
  const rows = rowsOf(answer);
  // A cache: on a device that never signed in, stored once the app's database exists.
  await metaStore.putWhenStored({ key: cacheKey(lid), value: rows });
  return applyServerDictionary(rows);
}
