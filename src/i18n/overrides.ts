// Texts from the server's dictionary (spec section 3: LID, TranslateKey, TranslateData) win over the
// bundled locale files. They are kept here so a namespace loaded later still gets them.
import type { ResourceKey } from 'i18next';

export type DictionaryRow = { LID: number; TranslateKey: string; TranslateData: string };
export type Override = { language: string; namespace: string; key: string; text: string };

const store = new Map<string, Map<string, string>>();

export function rememberOverride(o: Override): void {
  const slot = `${o.language}/${o.namespace}`;
  const entries = store.get(slot) ?? new Map<string, string>();
  entries.set(o.key, o.text);
  store.set(slot, entries);
}

export function overridesFor(language: string, namespace: string): Map<string, string> | undefined {
  return store.get(`${language}/${namespace}`);
}

type Tree = { [key: string]: string | Tree };

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function setPath(tree: Tree, path: string[], text: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    tree[head] = text;
    return;
  }
  const child = tree[head];
  const next: Tree = isTree(child) ? { ...child } : {};
  tree[head] = next;
  setPath(next, rest, text);
}

/** A copy of a namespace's resources with the overrides applied (dotted keys are nested paths). */
export function withOverrides(data: ResourceKey, extra: Map<string, string> | undefined): ResourceKey {
  if (!extra || !isTree(data)) return data;
  const copy: Tree = { ...data };
  for (const [key, text] of extra) setPath(copy, key.split('.'), text);
  return copy;
}

/** Every (key → text) leaf of a namespace, with dotted paths. */
export function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (!isTree(tree)) return out;
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

export function isDictionaryRow(value: unknown): value is DictionaryRow {
  if (!isTree(value as unknown)) return false;
  const row = value as Record<string, unknown>;
  return typeof row.LID === 'number' && typeof row.TranslateKey === 'string' && typeof row.TranslateData === 'string';
}
