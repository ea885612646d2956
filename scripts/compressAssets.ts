// Brotli and gzip copies of the built app's text files (`x.js.br`, `x.js.gz` beside `x.js`), made once at
// build time at the strongest settings, so the server sends a phone the small copy without compressing
// anything per request (@fastify/static `preCompressed`, server/src/routes/static.ts). Written last:
// the service worker's precache manifest lists (and revisions) the files themselves, never the copies.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { isPrecompressedAsset } from '../src/lib/precompressedAssets';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type CompressedTotals = { files: number; bytes: number; brotliBytes: number; gzipBytes: number };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes (or replaces) the copies of one file; a copy no smaller than the file is not kept. */
export async function writeCompressedCopies(file: string): Promise<{ bytes: number; brotliBytes: number; gzipBytes: number }> {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const keep = async (copy: Buffer, suffix: string): Promise<number> => {
    if (copy.length < data.length) {
      await writeFile(file + suffix, copy);
      return copy.length;
    }
    await rm(file + suffix, { force: true });
    return data.length;
  };
  return { bytes: data.length, brotliBytes: await keep(br, '.br'), gzipBytes: await keep(gz, '.gz') };
}

/** Compressed copies of every text file under `dir` (not hidden build files such as the stamp). */
export async function compressAssets(dir: string): Promise<CompressedTotals> {
  const files = (await filesUnder(dir)).filter(
    (file) =>
      isPrecompressedAsset(file) &&
      !path
        .relative(dir, file)
        .split(path.sep)
        .some((part) => part.startsWith('.')),
  );
  const totals: CompressedTotals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  // A few at a time: zlib's work runs on libuv's threads, which the machine's cores bound anyway.
  for (let i = 0; i < files.length; i += 8) {
    for (const sizes of await Promise.all(files.slice(i, i + 8).map(writeCompressedCopies))) {
      totals.files += 1;
      totals.bytes += sizes.bytes;
      totals.brotliBytes += sizes.brotliBytes;
      totals.gzipBytes += sizes.gzipBytes;
    }
  }
  return totals;
}
