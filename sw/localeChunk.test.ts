import { describe, expect, it } from 'vitest';
import { languagesHeld, localeChunkName, localeChunksPattern, packFilesToKeep } from './localeChunk';
import type { OnDemandList } from './localeChunk';

const list: OnDemandList = {
  files: ['assets/chart-2.js', 'assets/locale-fr-common-2.js', 'assets/locale-fr-errors-2.js', 'assets/locale-ru-common-2.js'],
  languagePacks: { fr: ['assets/locale-fr-common-2.js', 'assets/locale-fr-errors-2.js'], ru: ['assets/locale-ru-common-2.js'] },
};

describe('language packs across an update', () => {
  it('tells the languages a cache holds from its URLs', () => {
    expect(
      languagesHeld([
        'https://app.example/assets/locale-ru-common-1.js',
        'https://app.example/assets/chart-1.js',
        'https://app.example/assets/locale-fr-sync-1.js',
        'https://app.example/assets/locale-fr-common-1.js',
      ]),
    ).toEqual(['fr', 'ru']);
  });

  it('fetches the new version of every pack the device held, and nothing for a device that held none', () => {
    expect(packFilesToKeep(['https://app.example/assets/locale-fr-common-1.js'], list)).toEqual([
      'assets/locale-fr-common-2.js',
      'assets/locale-fr-errors-2.js',
    ]);
    expect(packFilesToKeep(['https://app.example/assets/chart-1.js', 'https://app.example/assets/PdfViewer-1.js'], list)).toEqual([]);
  });
});

describe('the static route of a language pack', () => {
  it('covers every locale chunk of its language and none of another', () => {
    const prefix = localeChunksPattern('fr').replace(/\*$/, '');
    expect(`/${localeChunkName('fr', 'auth').replace('[hash]', 'A1b')}`.startsWith(prefix)).toBe(true);
    expect(`/${localeChunkName('he', 'auth').replace('[hash]', 'A1b')}`.startsWith(prefix)).toBe(false);
    expect(localeChunksPattern('fr').endsWith('-*')).toBe(true);
  });
});
