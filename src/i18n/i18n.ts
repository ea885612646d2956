// The ONLY i18next init (style.md §4). Languages come from the table in languages.ts, namespaces
// from the locale files (catalog.ts), and texts can be overridden by the server's dictionary.
import i18next from 'i18next';
import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { englishHashesOf, loadNamespace, namespaces } from './catalog';
import { textHash } from './englishHashes';
import { overridesFor, rememberOverride, withOverrides, type DictionaryRow } from './overrides';
import { applyDocumentLanguage, languageById, defaultLanguage, fallbackLanguage, isLanguageCode, languageCodes, type LanguageCode } from './languages';

const STORAGE_KEY = 'binyan.language';

function mergeOverrides(data: ResourceKey, language: string, namespace: string): ResourceKey {
  return withOverrides(data, overridesFor(language, namespace));
}

/**
 * What the shell and the login screen use: loaded before the first paint; other namespaces load with their
 * screen. The error texts load when one is shown (a key of a namespace not loaded yet loads it, `loadMissing`).
 */
export const startNamespaces: readonly string[] = ['common', 'shell', 'routes', 'auth', 'sync', 'field'];
/**
 * What the sign-in page alone shows (app/LoginApp.tsx): the frame's texts load when a sign-in starts.
 * Its error texts load on the first focus in the form (`preloadNamespaces`), or when one is shown.
 */
export const signInNamespaces: readonly string[] = ['common', 'routes', 'auth', 'field'];

/**
 * Starts loading namespaces the page will need soon; resolves when they are there. Once the init has
 * begun, the language is chosen (`initAsync: false`), so they load beside the init's own namespaces
 * instead of waiting for them.
 */
export async function preloadNamespaces(names: readonly string[]): Promise<void> {
  const ready = initI18n();
  await Promise.all([ready, i18next.language ? i18next.loadNamespaces([...names]) : ready.then((i18n) => i18n.loadNamespaces([...names]))]);
}

// The language being shown (set before i18next switches, so the backend knows what it loads for).
let shownLanguage: string = defaultLanguage;
// English namespaces answered empty while another language is shown: every locale is complete (a
// unit test checks it), so the fallback is only loaded when a key is actually missing.
const deferredFallback = new Set<string>();
const fallbackLoads = new Map<string, Promise<void>>();

/**
 * A key not found: its namespace may not be loaded yet in the language shown (a screen's `t` may name
 * another namespace's key, like the sign-in page's `errors:`), then it loads there ('added' re-renders);
 * once loaded, the key is missing from that language, and the English fallback fills it.
 */
function loadMissing(namespace: string): Promise<unknown> {
  if (!i18next.hasResourceBundle(shownLanguage, namespace)) return i18next.loadNamespaces(namespace);
  return loadFallback(namespace);
}

function loadFallback(namespace: string): Promise<void> {
  if (!deferredFallback.has(namespace)) return Promise.resolve();
  let loading = fallbackLoads.get(namespace);
  if (!loading) {
    loading = loadNamespace(fallbackLanguage, namespace).then((data) => {
      deferredFallback.delete(namespace);
      // 'added' re-renders the components that showed the missing key.
      i18next.addResourceBundle(fallbackLanguage, namespace, mergeOverrides(data, fallbackLanguage, namespace), true, true);
    });
    loading.finally(() => fallbackLoads.delete(namespace)).catch(() => undefined);
    fallbackLoads.set(namespace, loading);
  }
  return loading;
}

const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    if (language === fallbackLanguage && shownLanguage !== fallbackLanguage) {
      deferredFallback.add(namespace);
      callback(null, {});
      return;
    }
    loadNamespace(language, namespace).then(
      (data) => {
        matchEnglishTexts(namespace);
        callback(null, mergeOverrides(data, language, namespace));
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The language stored on this device (not personal, so plain localStorage is fine). */
export function storedLanguage(): LanguageCode {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguageCode(value) ? value : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

function storeLanguage(code: LanguageCode): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, code);
  } catch {
    // Private mode or quota: the choice still applies for this visit.
  }
}

let ready: Promise<typeof i18next> | undefined;

/**
 * `namespaces`: what to load before resolving (default all; the app passes `startNamespaces`, and
 * `useTranslation('<ns>')` loads the rest on demand, suspending inside the route's Suspense).
 */
export function initI18n(options: { lng?: LanguageCode; namespaces?: readonly string[] } = {}): Promise<typeof i18next> {
  ready ??= (async () => {
    const lng = options.lng ?? storedLanguage();
    shownLanguage = lng;
    i18next.on('languageChanged', (code) => {
      if (isLanguageCode(code) && typeof document !== 'undefined') applyDocumentLanguage(code);
    });
    await i18next
      .use(localeBackend)
      .use(initReactI18next)
      .init({
        lng,
        fallbackLng: fallbackLanguage,
        supportedLngs: [...languageCodes],
        ns: (options.namespaces ?? namespaces).filter((ns) => namespaces.includes(ns)),
        defaultNS: 'common',
        fallbackNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        // Load at once, not after a task: on a start the texts' files then load beside the app's code.
        initAsync: false,
        // A missing key: load its namespace, or else its English fallback (re-rendered through 'added').
        saveMissing: true,
        missingKeyHandler: (_languages, namespace) => void loadMissing(namespace).catch(() => undefined),
        // Suspense: a screen whose namespace is not loaded yet waits in its route's Suspense boundary.
        // 'added' re-renders components when the server dictionary adds texts, without a reload.
        react: { useSuspense: true, bindI18nStore: 'added' },
      });
    if (typeof document !== 'undefined') applyDocumentLanguage(lng);
    return i18next;
  })();
  return ready;
}

/** Switches language without a reload and remembers it. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  await initI18n();
  shownLanguage = code;
  // Switching to the fallback language: the English namespaces answered empty so far are needed now.
  if (code === fallbackLanguage) await Promise.all([...deferredFallback].map(loadFallback));
  await i18next.changeLanguage(code);
  storeLanguage(code);
}

export function currentLanguage(): LanguageCode {
  const code = i18next.resolvedLanguage ?? i18next.language;
  return isLanguageCode(code) ? code : defaultLanguage;
}

/** For code outside React (e.g. document.title); components use useTranslation(). */
export function translate(key: string, values?: Record<string, unknown>): string {
  return i18next.t(key, values);
}

export { i18next as i18n };

/** A dictionary text wins over the bundled one; a text already shown is not set again (no re-render). */
function overrideText(language: string, namespace: string, key: string, text: string): void {
  rememberOverride({ language, namespace, key, text });
  if (i18next.hasResourceBundle(language, namespace) && i18next.getResource(language, namespace, key) !== text) {
    i18next.addResource(language, namespace, key, text);
  }
}

// Dictionary rows keyed by their English text (the provider's convention) override every key whose
// English text matches. The build gave each locale file the hashes of its keys' English texts
// (englishHashes.ts), so a namespace is matched when it loads, in whatever language, without its
// English file (issue 28: English is a language pack like the others).
const byEnglishHash = new Map<string, Map<string, string>>();

function matchEnglishTexts(namespace: string): number {
  if (byEnglishHash.size === 0) return 0;
  let applied = 0;
  for (const [hash, keys] of englishHashesOf(namespace)) {
    for (const [language, translated] of byEnglishHash.get(hash) ?? []) {
      for (const key of keys) overrideText(language, namespace, key, translated);
      applied += keys.length;
    }
  }
  return applied;
}

const isLoaded = (namespace: string) => languageCodes.some((code) => i18next.hasResourceBundle(code, namespace));

/** Applies the server's dictionary rows, overwriting bundled texts; returns how many texts changed. */
export async function applyServerDictionary(rows: readonly DictionaryRow[]): Promise<number> {
  await initI18n();
  let applied = 0;
  for (const row of rows) {
    const language = languageById(row.LID)?.code;
    if (!language || row.TranslateData.trim() === '') continue;
    const separator = row.TranslateKey.indexOf(':');
    const namespace = separator > 0 ? row.TranslateKey.slice(0, separator) : '';
    if (namespaces.includes(namespace)) {
      overrideText(language, namespace, row.TranslateKey.slice(separator + 1), row.TranslateData);
      applied += 1;
      continue;
    }
    const hash = textHash(row.TranslateKey);
    const entries = byEnglishHash.get(hash) ?? new Map<string, string>();
    entries.set(language, row.TranslateData);
    byEnglishHash.set(hash, entries);
  }
  for (const namespace of namespaces.filter(isLoaded)) applied += matchEnglishTexts(namespace);
  return applied;
}
