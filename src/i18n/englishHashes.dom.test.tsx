import { describe, expect, it, vi } from 'vitest';
import type * as Catalog from './catalog';

// What the sign-in page loads: which locale files were asked for, by language and namespace.
const asked: string[] = [];
vi.mock('./catalog', async (importOriginal) => {
  const catalog = await importOriginal<typeof Catalog>();
  return {
    ...catalog,
    loadNamespace: (language: string, namespace: string) => {
      asked.push(`${language}/${namespace}`);
      return catalog.loadNamespace(language, namespace);
    },
  };
});

describe('matching the server dictionary on a first visit', () => {
  it('loads no English file: the keys are found by the hashes the build gave each locale file', async () => {
    localStorage.clear();
    const { applyServerDictionary, i18n, initI18n, signInNamespaces } = await import('./i18n');
    await initI18n({ namespaces: signInNamespaces });
    await applyServerDictionary([
      { LID: 1, TranslateKey: 'Buildings', TranslateData: 'הבניינים שלנו' },
      { LID: 1, TranslateKey: 'Graffiti on the building wall', TranslateData: 'גרפיטי' },
    ]);
    expect(asked.filter((file) => file.startsWith('en/'))).toEqual([]);
    expect(i18n.t('routes:dashboard')).toBe('הבניינים שלנו');
    // A namespace loaded later is matched as it loads.
    await i18n.loadNamespaces('buildings');
    expect(i18n.t('buildings:list.title')).toBe('הבניינים שלנו');
    expect(asked.filter((file) => file.startsWith('en/'))).toEqual([]);
  });
});
