import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressAssets, writeCompressedCopies } from './compressAssets';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = "binyan";`).join('\n');

describe('compressAssets', () => {
  it('writes brotli and gzip copies of the text files only, each decoding to its file', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'binyan-compress-'));
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, '.vite'));
    const files = {
      'index.html': `<!doctype html>${text(50)}`,
      'sw.js': text(200),
      'assets/app-1a2b.js': text(300),
      'assets/app-1a2b.css': `a{color:red}\n`.repeat(100),
      'manifest.webmanifest': `{"name":"${'ב'.repeat(400)}"}`,
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
    writeFileSync(path.join(dir, 'assets', 'icon-1a2b.png'), Buffer.alloc(5000, 1));
    writeFileSync(path.join(dir, 'assets', 'font-1a2b.woff2'), Buffer.alloc(5000, 2));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), text(100));
    writeFileSync(path.join(dir, 'tiny.txt'), 'ok');

    const totals = await compressAssets(dir);

    for (const [name, content] of Object.entries(files)) {
      const file = path.join(dir, name);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString(), name).toBe(content);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString(), name).toBe(content);
      expect(readFileSync(`${file}.br`).length, name).toBeLessThan(Buffer.byteLength(content));
    }
    // Images and fonts are compressed already; hidden build files are not served; a copy must be smaller.
    for (const name of ['assets/icon-1a2b.png', 'assets/font-1a2b.woff2', '.vite/manifest.json', 'tiny.txt']) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
    expect(totals.files).toBe(Object.keys(files).length + 1);
    expect(totals.brotliBytes).toBeLessThan(totals.gzipBytes);
  });

  it('replaces the copies of a file that changed', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'binyan-compress-'));
    const sw = path.join(dir, 'sw.js');
    writeFileSync(sw, text(100));
    await writeCompressedCopies(sw);
    writeFileSync(sw, `${text(100)}\n// next release\n`);
    await writeCompressedCopies(sw);
    expect(brotliDecompressSync(readFileSync(`${sw}.br`)).toString()).toContain('next release');
    expect(gunzipSync(readFileSync(`${sw}.gz`)).toString()).toContain('next release');
  });
});
