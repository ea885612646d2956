import { describe, expect, it } from 'vitest';
import { precachedAssetsRule } from './precachedAssets';

describe('static route of the precached build files', () => {
  it('names each precached build file exactly, and nothing else, from the precache', () => {
    const rule = precachedAssetsRule(
      [{ url: 'assets/index-Ab_1.js', revision: null }, 'assets/TextField.module-u5GJ-3iC.js', { url: 'index.html', revision: 'r1' }, { url: 'assets/odd(1)+x.css', revision: null }],
      'workbox-precache-v2-https://app.test/',
    );
    expect(rule).toEqual({
      condition: { or: [{ urlPattern: '/assets/index-Ab_1.js' }, { urlPattern: '/assets/TextField.module-u5GJ-3iC.js' }, { urlPattern: '/assets/odd\\(1\\)\\+x.css' }] },
      source: { cacheName: 'workbox-precache-v2-https://app.test/' },
    });
  });

  it('adds no rule when nothing of the build is precached', () => {
    expect(precachedAssetsRule([{ url: 'index.html', revision: 'r1' }], 'precache')).toBeNull();
  });
});
