import { describe, expect, it } from 'vitest';
import { onDemandFiles } from './onDemand';
import type { ViteManifest } from './onDemand';

// The app's shape in small: an entry, a field screen installed with the app, an office screen and a
// chart library kept on first use, a chunk both share, and one namespace in every language.
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_shared-1.js'],
    dynamicImports: [
      'src/features/calls/CallsScreen.tsx',
      'src/features/office/OfficeScreen.tsx',
      'src/i18n/locales/he/common.json',
      'src/i18n/locales/en/common.json',
      'src/i18n/locales/fr/common.json',
      'src/i18n/locales/ru/common.json',
    ],
  },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  'src/features/calls/CallsScreen.tsx': { file: 'assets/CallsScreen-1.js', imports: ['_shared-1.js'], css: ['assets/CallsScreen-1.css'] },
  'src/features/office/OfficeScreen.tsx': {
    file: 'assets/OfficeScreen-1.js',
    imports: ['_shared-1.js', '_officeOnly-1.js'],
    dynamicImports: ['node_modules/chart.js/dist/chart.js'],
    css: ['assets/OfficeScreen-1.css'],
    assets: ['assets/worker-1.mjs'],
  },
  '_officeOnly-1.js': { file: 'assets/officeOnly-1.js' },
  'node_modules/chart.js/dist/chart.js': { file: 'assets/chart-1.js' },
  'src/i18n/locales/he/common.json': { file: 'assets/locale-he-common-1.js', src: 'src/i18n/locales/he/common.json' },
  'src/i18n/locales/en/common.json': { file: 'assets/locale-en-common-1.js', src: 'src/i18n/locales/en/common.json' },
  'src/i18n/locales/fr/common.json': { file: 'assets/locale-fr-common-1.js', src: 'src/i18n/locales/fr/common.json' },
  'src/i18n/locales/ru/common.json': { file: 'assets/locale-ru-common-1.js', src: 'src/i18n/locales/ru/common.json' },
};

describe('files kept on first use', () => {
  it('keeps an office screen with what only it reaches, and the English, French and Russian packs, out of the install', () => {
    const onDemand = onDemandFiles(manifest, [/^src\/features\/office\//]);
    expect(onDemand.files).toEqual([
      'assets/OfficeScreen-1.css',
      'assets/OfficeScreen-1.js',
      'assets/chart-1.js',
      'assets/locale-en-common-1.js',
      'assets/locale-fr-common-1.js',
      'assets/locale-ru-common-1.js',
      'assets/officeOnly-1.js',
      'assets/worker-1.mjs',
    ]);
    expect(onDemand.languagePacks).toEqual({
      en: ['assets/locale-en-common-1.js'],
      fr: ['assets/locale-fr-common-1.js'],
      ru: ['assets/locale-ru-common-1.js'],
    });
  });

  it('installs a chunk the app also reaches another way, and the default language alone', () => {
    const onDemand = onDemandFiles(manifest, [/^src\/features\/office\//]);
    for (const installed of [
      'assets/index-1.js',
      'assets/shared-1.js',
      'assets/CallsScreen-1.js',
      'assets/CallsScreen-1.css',
      'assets/locale-he-common-1.js',
    ]) {
      expect(onDemand.files).not.toContain(installed);
    }
  });

  it('keeps only one library on demand when its module alone is listed', () => {
    expect(onDemandFiles(manifest, [/^node_modules\/chart\.js\//]).files).toEqual([
      'assets/chart-1.js',
      'assets/locale-en-common-1.js',
      'assets/locale-fr-common-1.js',
      'assets/locale-ru-common-1.js',
    ]);
  });
});

describe('texts of screens kept on first use', () => {
  const officeTexts = Object.fromEntries(
    ['he', 'en', 'fr', 'ru'].map((code) => [
      `src/i18n/locales/${code}/office.json`,
      { file: `assets/locale-${code}-office-1.js`, src: `src/i18n/locales/${code}/office.json` },
    ]),
  );
  const withOffice: ViteManifest = {
    ...manifest,
    ...officeTexts,
    'index.html': {
      ...manifest['index.html'],
      file: 'assets/index-1.js',
      dynamicImports: [...(manifest['index.html']?.dynamicImports ?? []), ...Object.keys(officeTexts)],
    },
  };

  it('go with their screen in every language when no installed chunk shows them', () => {
    const use = { 'assets/index-1.js': ['common'], 'assets/CallsScreen-1.js': ['common'], 'assets/OfficeScreen-1.js': ['office', 'common'] };
    const onDemand = onDemandFiles(withOffice, [/^src\/features\/office\//], use);
    for (const code of ['he', 'en', 'fr', 'ru']) expect(onDemand.files).toContain(`assets/locale-${code}-office-1.js`);
    expect(onDemand.files).not.toContain('assets/locale-he-common-1.js');
    expect(onDemand.languagePacks.fr).toEqual(['assets/locale-fr-common-1.js', 'assets/locale-fr-office-1.js']);
  });

  it('stay installed when an installed screen shows them too, or when the build did not say what chunks show', () => {
    const use = { 'assets/index-1.js': ['common'], 'assets/CallsScreen-1.js': ['office'], 'assets/OfficeScreen-1.js': ['office'] };
    expect(onDemandFiles(withOffice, [/^src\/features\/office\//], use).files).not.toContain('assets/locale-he-office-1.js');
    expect(onDemandFiles(withOffice, [/^src\/features\/office\//]).files).not.toContain('assets/locale-he-office-1.js');
  });
});
