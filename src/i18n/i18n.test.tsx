import { beforeAll, describe, expect, it } from 'vitest';
import { applyServerDictionary, changeLanguage, currentLanguage, i18n, initI18n, storedLanguage } from './i18n';
import { namespaces } from './catalog';
import { languageById, languages } from './languages';

beforeAll(async () => {
  localStorage.clear();
  await initI18n();
});

describe('i18n', () => {
  it('starts in Hebrew, right to left, with English as the fallback', () => {
    expect(currentLanguage()).toBe('he');
    expect(document.documentElement.lang).toBe('he');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.options.fallbackLng).toEqual(['en']);
    expect(i18n.t('auth:title')).toBe('כניסה למערכת');
  });

  it('discovers the namespaces from the locale files', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['auth', 'common', 'errors', 'routes', 'shell']));
  });

  it('switches language without a reload, sets lang/dir and remembers the choice', async () => {
    await changeLanguage('ru');
    expect(document.documentElement).toMatchObject({ lang: 'ru', dir: 'ltr' });
    expect(i18n.t('auth:title')).toBe('Вход');
    expect(storedLanguage()).toBe('ru');
    await changeLanguage('he');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('maps the provider language ids 1–4', () => {
    expect(languages.map((l) => [l.id, l.code, l.dir])).toEqual([
      [1, 'he', 'rtl'],
      [2, 'en', 'ltr'],
      [3, 'fr', 'ltr'],
      [4, 'ru', 'ltr'],
    ]);
    expect(languageById(3)?.code).toBe('fr');
    expect(languageById(9)).toBeUndefined();
  });

  it('lets the server dictionary override texts by English text or by key', async () => {
    const applied = await applyServerDictionary([
      { LID: 1, TranslateKey: 'Password', TranslateData: 'קוד סודי' },
      { LID: 2, TranslateKey: 'Password', TranslateData: 'Secret' },
      { LID: 1, TranslateKey: 'shell:notFound.title', TranslateData: 'אין כזה דף' },
      { LID: 9, TranslateKey: 'Password', TranslateData: 'x' },
      { LID: 1, TranslateKey: 'No such text anywhere', TranslateData: 'x' },
    ]);
    expect(applied).toBeGreaterThanOrEqual(3);
    expect(i18n.t('auth:password')).toBe('קוד סודי');
    expect(i18n.t('profile:userName')).toBe('שם משתמש');
    expect(i18n.t('shell:notFound.title')).toBe('אין כזה דף');
    expect(i18n.t('auth:password', { lng: 'en' })).toBe('Secret');
  });

  it('does not set a text the dictionary already set (no re-render of every screen)', async () => {
    const rows = [
      { LID: 1, TranslateKey: 'Password', TranslateData: 'קוד סודי' },
      { LID: 1, TranslateKey: 'shell:notFound.title', TranslateData: 'אין כזה דף' },
    ];
    await applyServerDictionary(rows);
    const added: string[] = [];
    // i18next passes the key as a third argument its types leave out.
    const onAdded = (...[, ns, key]: string[]) => void added.push(`${ns}:${key}`);
    i18n.store.on('added', onAdded);
    await applyServerDictionary(rows);
    await applyServerDictionary([{ LID: 1, TranslateKey: 'shell:notFound.title', TranslateData: 'הדף איננו' }]);
    i18n.store.off('added', onAdded);
    expect(added).toEqual(['shell:notFound.title']);
  });

  it('applies overrides to a language loaded later', async () => {
    await applyServerDictionary([{ LID: 3, TranslateKey: 'Change details', TranslateData: 'Changer mes infos' }]);
    await changeLanguage('fr');
    expect(i18n.t('auth:changeDetails')).toBe('Changer mes infos');
    await changeLanguage('he');
  });
});
