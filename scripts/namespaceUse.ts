// Which locale namespaces each built chunk shows, read from its modules' sources. A namespace that only
// screens kept on first use show is kept on first use too (scripts/onDemand.ts), in every language,
// instead of being installed with the app. The reading errs towards "used": a name that appears as a
// text key's prefix or as a bare string anywhere in a module counts, so a namespace goes on demand only
// when no installed module could name it. Route ids are the one bare string that is not a namespace
// (a route and its texts often share a name), so `id: 'x'` does not count.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Where the build writes the chunk → namespaces map: beside Vite's manifest (scripts/build.ts reads both, then removes them). */
export const NAMESPACE_USE_FILE = '.vite/namespaces.json';

/** chunk file (assets/…) → the namespaces its modules may show. */
export type NamespaceUse = Record<string, string[]>;

const LOCALE_FILE = /\/locales\/[a-z]{2}\/[\w-]+\.json$/;
const NAMESPACE_NAME = /^[\w-]+$/;

function escaped(name: string): string {
  return name.replace(/[-\\^$.*+?()[\]{}|]/g, '\\$&');
}

/** The namespaces of `names` a module's source may show. */
export function namespacesUsedBy(source: string, names: readonly string[]): string[] {
  return names.filter((name) => {
    if (!NAMESPACE_NAME.test(name)) return true;
    const n = escaped(name);
    const keyPrefix = new RegExp(`['"\`]${n}:`);
    if (keyPrefix.test(source)) return true;
    const bare = new RegExp(`(\\bid\\s*:\\s*)?(['"\`])${n}\\2`, 'g');
    for (const match of source.matchAll(bare)) if (match[1] === undefined) return true;
    return false;
  });
}

/** Our own modules of a chunk (a library shows none of our texts; locale files are the texts themselves). */
function isOurs(id: string): boolean {
  return !id.includes('/node_modules/') && !id.startsWith('\0') && /\.(ts|tsx|js|jsx)$/.test(id.split('?')[0] ?? '') && !LOCALE_FILE.test(id);
}

/** Writes the namespaces each JavaScript chunk may show, for the on-demand list. */
export function namespaceUse(namespaceNames: () => readonly string[]): Plugin {
  return {
    name: 'binyan-namespace-use',
    apply: 'build',
    generateBundle(_options, bundle) {
      const names = namespaceNames();
      const sources = new Map<string, string[]>();
      const use: NamespaceUse = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        const found = new Set<string>();
        for (const id of Object.keys(output.modules).filter(isOurs)) {
          const path = id.split('?')[0] ?? id;
          let used = sources.get(path);
          if (!used) {
            const code = this.getModuleInfo(id)?.code;
            used = namespacesUsedBy(code ?? readFileSync(path, 'utf8'), names);
            sources.set(path, used);
          }
          for (const name of used) found.add(name);
        }
        use[file] = [...found].sort();
      }
      this.emitFile({ type: 'asset', fileName: NAMESPACE_USE_FILE, source: JSON.stringify(use) });
    },
  };
}
