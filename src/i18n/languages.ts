// The language table (spec section 1): ids are the provider's LID values. It alone decides
// `lang` and `dir` on <html>, so components never special-case RTL.

export type LanguageCode = 'he' | 'en' | 'fr' | 'ru';
export type LanguageId = 1 | 2 | 3 | 4;
export type TextDirection = 'rtl' | 'ltr';
export type Language = { id: LanguageId; code: LanguageCode; dir: TextDirection; nativeName: string };

export const languages = [
  { id: 1, code: 'he', dir: 'rtl', nativeName: 'עברית' },
  { id: 2, code: 'en', dir: 'ltr', nativeName: 'English' },
  { id: 3, code: 'fr', dir: 'ltr', nativeName: 'Français' },
  { id: 4, code: 'ru', dir: 'ltr', nativeName: 'Русский' },
] as const satisfies readonly Language[];

export const defaultLanguage: LanguageCode = 'he';
export const fallbackLanguage: LanguageCode = 'en';
export const languageCodes: readonly LanguageCode[] = languages.map((l) => l.code);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (languageCodes as readonly string[]).includes(value);
}

export function languageByCode(code: LanguageCode): Language {
  const found = languages.find((l) => l.code === code);
  if (!found) throw new Error(`Unknown language ${code}`);
  return found;
}

export function languageById(id: number): Language | undefined {
  return languages.find((l) => l.id === id);
}

/** Applies the table's `lang` and `dir` to a document (the <html> element). */
export function applyDocumentLanguage(code: LanguageCode, doc: Document = document): void {
  const lang = languageByCode(code);
  doc.documentElement.lang = lang.code;
  doc.documentElement.dir = lang.dir;
}

/**
 * Installed with the app (the service worker's precache): the default language only. The others, English
 * included, are language packs, downloaded when a user first picks them (issue 28: every locale is
 * complete, so the English fallback is fetched only for a key that is actually missing).
 */
export const languagesInstalledWithApp: readonly LanguageCode[] = [defaultLanguage];
