import { describe, expect, it } from 'vitest';
import { madeOf, originOf, sharesOf } from './chunkComposition';

describe('the composition of a chunk', () => {
  it('names a module by its package, scoped packages included, and ours as our code or our texts', () => {
    expect(originOf('/w/src/i18n/locales/he/errors.json')).toBe('our texts');
    expect(originOf('/w/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(originOf('/w/node_modules/@xstate/react/dist/xstate-react.esm.js')).toBe('@xstate/react');
    expect(originOf('/w/node_modules/.pnpm/x/node_modules/zod/v4/mini/schemas.js')).toBe('zod');
    expect(originOf('/w/src/features/auth/loginMachine.ts')).toBe('our code');
  });

  it('gives each origin its share of the rendered code', () => {
    const shares = sharesOf([
      { id: '/w/node_modules/xstate/dist/a.js', length: 300 },
      { id: '/w/node_modules/xstate/dist/b.js', length: 100 },
      { id: '/w/src/app/App.tsx', length: 600 },
    ]);
    expect(shares).toEqual({ xstate: 0.4, 'our code': 0.6 });
    expect(sharesOf([])).toEqual({});
  });

  it('shares the bytes of loaded files out by their composition, and counts a file of the site root as ours', () => {
    const composition = { 'assets/index-1.js': { react: 0.75, 'our code': 0.25 }, 'assets/locale-he-1.js': { 'our texts': 1 } };
    const parts = madeOf(
      [
        { file: 'index-1.js', gzip: 1000 },
        { file: 'locale-he-1.js', gzip: 300 },
        { file: '/paint-start.js', gzip: 60 },
        { file: 'other-1.js', gzip: 10 },
      ],
      composition,
    );
    expect(parts).toEqual([
      { origin: 'react', gzip: 750 },
      { origin: 'our code', gzip: 310 },
      { origin: 'our texts', gzip: 300 },
      { origin: 'unknown', gzip: 10 },
    ]);
  });
});
