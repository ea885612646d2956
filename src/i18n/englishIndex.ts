// A built-in index of the English texts of the namespaces the sign-in page shows: per namespace, a short
// hash of each text. The server's dictionary names texts by their English wording (spec section 3); a namespace
// whose index holds none of the dictionary's texts is matched without loading its English file, so a
// first visit of the sign-in page fetches no English (issue 28). A hash found in the index still loads
// the file, which decides (two texts may share a hash).

/**
 * The namespaces indexed: the sign-in page's (i18n.ts `signInNamespaces`; a unit test keeps them in
 * step). The signed-in start's other texts are matched by what the sign-in remembered
 * (rememberedMatches.ts), so indexing them would only add bytes to every start.
 */
export const indexedNamespaces: readonly string[] = ['common', 'routes', 'auth', 'errors', 'field'];

const HASH_CHARS = 3;
const HASH_SPACE = 36 ** HASH_CHARS;

/** How a dictionary row's English text is compared: trimmed, lower case. */
export const comparable = (text: string) => text.trim().toLowerCase();

/** A 3-character hash of a comparable text (FNV-1a, base 36). */
export function textHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % HASH_SPACE).toString(36).padStart(HASH_CHARS, '0');
}

function leaves(tree: unknown, out: string[] = []): string[] {
  if (typeof tree === 'string') out.push(tree);
  else if (typeof tree === 'object' && tree !== null) for (const value of Object.values(tree)) leaves(value, out);
  return out;
}

/** One namespace's index: the sorted, distinct hashes of its texts, one after another. */
export function indexOfTexts(namespace: unknown): string {
  return [...new Set(leaves(namespace).map((text) => textHash(comparable(text))))].sort().join('');
}

/** Whether a namespace's index may hold one of `texts` (comparable texts). */
export function indexMayHold(index: string, texts: Iterable<string>): boolean {
  const hashes = new Set<string>();
  for (let at = 0; at < index.length; at += HASH_CHARS) hashes.add(index.slice(at, at + HASH_CHARS));
  for (const text of texts) if (hashes.has(textHash(text))) return true;
  return false;
}

function parsed(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/** The index the build placed in the code (`import.meta.env.BINYAN_ENGLISH_INDEX`, JSON), when it is one. */
export function parseEnglishIndex(value: unknown): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  const tree = typeof value === 'string' ? parsed(value) : null;
  if (typeof tree !== 'object' || tree === null) return index;
  for (const [namespace, hashes] of Object.entries(tree)) if (typeof hashes === 'string') index.set(namespace, hashes);
  return index;
}
