import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from './i18n';
import he from './locales/he/errors.json';

describe('a key of a namespace not loaded yet', () => {
  it('loads the namespace in the language shown, not the English fallback', async () => {
    await initI18n({ lng: 'he', namespaces: ['common'] });
    expect(i18n.hasResourceBundle('he', 'errors')).toBe(false);
    i18n.t('errors:requiredField');
    await expect.poll(() => i18n.t('errors:requiredField')).toBe(he.requiredField);
    expect(i18n.getResourceBundle('en', 'errors') ?? {}).toEqual({});
  });
});
