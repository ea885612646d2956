import { beforeAll, describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../i18n/languages';
import { changeLanguage, i18n, initI18n } from '../../i18n/i18n';
import { queuedSummary } from './queuedSummary';

const entries = (changes: number, photos: number) => [
  ...Array.from({ length: changes }, () => ({ kind: 'mutation' as const })),
  ...Array.from({ length: photos }, () => ({ kind: 'photo' as const })),
];

async function summary(lang: LanguageCode, changes: number, photos: number): Promise<string> {
  await changeLanguage(lang);
  return queuedSummary(i18n.t.bind(i18n), lang, entries(changes, photos));
}

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

describe('what waits, counted in words', () => {
  it('counts photos apart from changes, with each language’s plural forms', async () => {
    expect(await summary('en', 3, 2)).toBe('Waiting to be sent: 3 changes and 2 photos');
    expect(await summary('en', 1, 0)).toBe('Waiting to be sent: 1 change');
    expect(await summary('en', 0, 1)).toBe('Waiting to be sent: 1 photo');
    expect(await summary('ru', 1, 2)).toBe('Ждут отправки: 1 изменение и 2 фото');
    expect(await summary('ru', 3, 5)).toBe('Ждут отправки: 3 изменения и 5 фото');
    expect(await summary('ru', 5, 21)).toBe('Ждут отправки: 5 изменений и 21 фото');
    expect(await summary('he', 1, 1)).toBe('ממתינים לשליחה: שינוי אחד ותמונה אחת');
    expect(await summary('he', 2, 3)).toBe('ממתינים לשליחה: 2 שינויים ו-3 תמונות');
    expect(await summary('fr', 1, 2)).toBe("En attente d'envoi : 1 modification et 2 photos");
  });
});
