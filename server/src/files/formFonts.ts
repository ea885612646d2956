// The fonts of a signed form's PDF, from npm packages: Liberation Sans (Latin, Cyrillic; shipped with
// pdfjs-dist) and Noto Sans Hebrew (@fontsource), regular and bold. Read once per process.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export type FormFontFiles = { latin: Buffer; latinBold: Buffer; hebrew: Buffer; hebrewBold: Buffer };

const require = createRequire(import.meta.url);

let loaded: Promise<FormFontFiles> | null = null;

export function formFontFiles(): Promise<FormFontFiles> {
  loaded ??= (async () => {
    const liberation = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');
    // The package's main entry is its CSS, next to the font files' folder.
    const noto = path.join(path.dirname(require.resolve('@fontsource/noto-sans-hebrew')), 'files');
    const [latin, latinBold, hebrew, hebrewBold] = await Promise.all([
      readFile(path.join(liberation, 'LiberationSans-Regular.ttf')),
      readFile(path.join(liberation, 'LiberationSans-Bold.ttf')),
      readFile(path.join(noto, 'noto-sans-hebrew-hebrew-400-normal.woff')),
      readFile(path.join(noto, 'noto-sans-hebrew-hebrew-700-normal.woff')),
    ]);
    return { latin, latinBold, hebrew, hebrewBold };
  })();
  return loaded;
}
