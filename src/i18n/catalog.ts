// Locale files are discovered, not listed: dropping `locales/<lang>/<namespace>.json` adds a namespace.
// Each file becomes its own lazily loaded chunk: Hebrew is precached for an offline start (but for the
// namespaces only screens kept on first use show: those go with their screens, scripts/namespaceUse.ts),
// English, French and Russian are language packs kept on first use (languagePacks.ts).
import type { ResourceKey } from 'i18next';
import { splitEnglishHashes } from './englishHashes';

type Loader = () => Promise<{ default: ResourceKey }>;

const loaders = import.meta.glob<{ default: ResourceKey }>('./locales/*/*.json');
const filePattern = /^\.\/locales\/([a-z]{2})\/([\w-]+)\.json$/;

const byLanguageAndNamespace = new Map<string, Loader>();
const namespaceSet = new Set<string>();

for (const [path, load] of Object.entries(loaders)) {
  const match = filePattern.exec(path);
  if (!match) continue;
  const [, language, namespace] = match;
  if (!language || !namespace) continue;
  byLanguageAndNamespace.set(`${language}/${namespace}`, load);
  namespaceSet.add(namespace);
}

/** Every namespace that has a file in at least one language. */
export const namespaces: readonly string[] = [...namespaceSet].sort();

// Per namespace loaded (in any language): its keys by the hash of their English text (englishHashes.ts).
const keysByEnglishHash = new Map<string, ReadonlyMap<string, string[]>>();

function isResourceKey(value: unknown): value is ResourceKey {
  return typeof value === 'string' || (typeof value === 'object' && value !== null);
}

export async function loadNamespace(language: string, namespace: string): Promise<ResourceKey> {
  const load = byLanguageAndNamespace.get(`${language}/${namespace}`);
  if (!load) return {};
  const module = await load();
  const { texts, keysByHash } = splitEnglishHashes(module.default);
  if (keysByHash.size > 0) keysByEnglishHash.set(namespace, keysByHash);
  return isResourceKey(texts) ? texts : {};
}

/** The keys of a loaded namespace by the hash of their English text; none for a namespace not loaded yet. */
export function englishHashesOf(namespace: string): ReadonlyMap<string, string[]> {
  return keysByEnglishHash.get(namespace) ?? new Map();
}
