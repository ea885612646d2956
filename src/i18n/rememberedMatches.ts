// Which keys of a namespace carry the English wording a dictionary row names (the provider names texts
// by their English text, spec section 3). Finding them needs the namespace's English file; the answer
// is kept on the device for one version of the English texts, so the next start applies a cached
// dictionary without loading a single English file (issue 13). Not personal: keys and texts only.

const STORAGE_KEY = 'binyan.i18n.englishMatches';

/** Per namespace: the texts asked about (their fingerprint) and the keys each one matched. */
type Stored = { version: string; namespaces: Record<string, { texts: string; keys: Record<string, string[]> }> };

export type MatchStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** A short fingerprint of a set of texts (FNV-1a over the sorted texts): the same set, the same string. */
export function textsFingerprint(texts: Iterable<string>): string {
  const sorted = [...new Set(texts)].sort();
  let hash = 0x811c9dc5;
  for (const text of sorted) {
    for (let i = 0; i < text.length; i += 1) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    hash = Math.imul(hash ^ 0xff, 0x01000193);
  }
  return `${sorted.length}:${(hash >>> 0).toString(36)}`;
}

function read(storage: MatchStorage, version: string): Stored {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof parsed === 'object' && parsed !== null && 'version' in parsed && parsed.version === version && 'namespaces' in parsed) {
      return parsed as Stored;
    }
  } catch {
    // Unreadable: matched again.
  }
  return { version, namespaces: {} };
}

/** The keys each text matched in `namespace`, if that very set of texts was matched for this version. */
export function rememberedMatches(storage: MatchStorage, version: string, namespace: string, fingerprint: string): Map<string, string[]> | undefined {
  const entry = read(storage, version).namespaces[namespace];
  if (entry?.texts !== fingerprint || typeof entry.keys !== 'object' || entry.keys === null) return undefined;
  return new Map(Object.entries(entry.keys).filter((pair): pair is [string, string[]] => Array.isArray(pair[1])));
}

/** Keeps what `namespace` matched (texts without a key are left out); another version's are dropped. */
export function rememberMatches(storage: MatchStorage, version: string, namespace: string, fingerprint: string, matches: Map<string, string[]>): void {
  const stored = read(storage, version);
  stored.namespaces[namespace] = { texts: fingerprint, keys: Object.fromEntries([...matches].filter(([, keys]) => keys.length > 0)) };
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Full or private mode: the next start matches again.
  }
}
