import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, languageByCode } from '../i18n/languages';
import { applyCachedDictionary, refreshDictionary } from './serverDictionary';

/** Applies the cached dictionary of the current language at once, then refreshes it when online. */
export function useServerDictionary(): void {
  const { i18n } = useTranslation();
  const code = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => {
    if (!isLanguageCode(code)) return;
    const lid = languageByCode(code).id;
    void (async () => {
      await applyCachedDictionary(lid).catch(() => 0);
      await refreshDictionary(lid).catch(() => 0);
    })();
  }, [code]);
}
