import { describe, expect, it } from 'vitest';
import { assetRules } from './precachedAssets';

describe('static routes of the build files', () => {
  it('leaves the files kept on first use to the fetch handler, and reads every other build file from the precache', () => {
    const onDemand = {
      files: ['assets/locale-fr-auth-a1.js', 'assets/locale-ru-auth-b2.js', 'assets/chart-HFF.js', 'assets/pdf.worker(1)+x.mjs'],
      languagePacks: { fr: ['assets/locale-fr-auth-a1.js'], ru: ['assets/locale-ru-auth-b2.js'] },
    };
    expect(assetRules(onDemand, 'workbox-precache-v2-https://app.test/')).toEqual([
      {
        condition: {
          or: [
            { urlPattern: '/assets/locale-fr-*' },
            { urlPattern: '/assets/locale-ru-*' },
            { urlPattern: '/assets/chart-HFF.js' },
            { urlPattern: '/assets/pdf.worker\\(1\\)\\+x.mjs' },
          ],
        },
        source: 'fetch-event',
      },
      { condition: { urlPattern: '/assets/*' }, source: { cacheName: 'workbox-precache-v2-https://app.test/' } },
    ]);
  });

  it('needs only the precache rule when nothing is kept on first use', () => {
    expect(assetRules({ files: [], languagePacks: {} }, 'precache')).toEqual([{ condition: { urlPattern: '/assets/*' }, source: { cacheName: 'precache' } }]);
  });
});
