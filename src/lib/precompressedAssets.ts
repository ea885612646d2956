// Which built files have brotli and gzip copies beside them (`x.js.br`, `x.js.gz`, written by the build:
// scripts/compressAssets.ts) that the server sends to a client accepting them (server/src/routes/static.ts):
// text only. Images, fonts (woff2 is compressed already) and PDFs gain nothing and are sent as they are.

const TEXT_ASSET = /\.(?:js|mjs|css|html|json|svg|webmanifest|txt|xml|map)$/i;
const COPY_SUFFIX = /\.(?:br|gz)$/i;

/** Whether the build keeps compressed copies of this file (and its answers vary by Accept-Encoding). */
export function isPrecompressedAsset(path: string): boolean {
  return TEXT_ASSET.test(path);
}

/** The file a compressed copy stands for (`x.js.br` → `x.js`); any other path as it is. */
export function originalOf(path: string): string {
  return path.replace(COPY_SUFFIX, '');
}
