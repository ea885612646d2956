// The server's dictionary names texts by their English wording (spec section 3). Matching a row needs
// to know which keys carry that wording, but not the English files themselves (issue 28: English is a
// language pack, and a first visit must not fetch it to apply a dictionary). So the build gives every
// locale file, in every language, a hash of the English text of each of its keys (englishHashesPlugin.ts),
// and a row is matched by the hash of its English text. The build refuses two English texts of one
// namespace with the same hash, so a hash found names its text.

/** The field the build adds to each locale file: the hashes of its keys' English texts, in key order. */
export const HASHES_FIELD = '@englishHashes';

/** Characters of one hash: 6 in base 36 (some 2 billion values). */
export const HASH_CHARS = 6;
/** A key with no English text (a plural form English does not have, and no other form of it either). */
export const NO_HASH = '-'.repeat(HASH_CHARS);

/** How a dictionary row's English text is compared: trimmed, lower case. */
export const comparable = (text: string) => text.trim().toLowerCase();

/** The hash of an English text as compared (two FNV-1a passes, base 36). */
export function textHash(text: string): string {
  const wanted = comparable(text);
  let first = 0x811c9dc5;
  let second = 0x01000193;
  for (let i = 0; i < wanted.length; i += 1) {
    const code = wanted.charCodeAt(i);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x5bd1e995);
  }
  const half = 36 ** (HASH_CHARS / 2);
  return (((first >>> 0) % half) * half + ((second >>> 0) % half)).toString(36).padStart(HASH_CHARS, '0');
}

type Tree = { [key: string]: unknown };

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every leaf key of a locale tree with dotted paths, in the file's order (the order the hashes follow). */
export function leafKeys(tree: unknown, prefix = '', out: string[] = []): string[] {
  if (!isTree(tree)) return out;
  for (const [key, value] of Object.entries(tree)) {
    if (key === HASHES_FIELD) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.push(path);
    else leafKeys(value, path, out);
  }
  return out;
}

/** A locale file as the build delivers it: its texts (without the hashes), and its keys by English hash. */
export function splitEnglishHashes(data: unknown): { texts: unknown; keysByHash: Map<string, string[]> } {
  const keysByHash = new Map<string, string[]>();
  if (!isTree(data)) return { texts: data, keysByHash };
  const { [HASHES_FIELD]: hashes, ...texts } = data;
  if (typeof hashes !== 'string') return { texts, keysByHash };
  leafKeys(texts).forEach((key, at) => {
    const hash = hashes.slice(at * HASH_CHARS, (at + 1) * HASH_CHARS);
    if (hash.length === HASH_CHARS && hash !== NO_HASH) keysByHash.set(hash, [...(keysByHash.get(hash) ?? []), key]);
  });
  return { texts, keysByHash };
}
