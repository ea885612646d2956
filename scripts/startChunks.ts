// The two starts a phone makes most — the sign-in page, and the signed-in app opening its dashboard
// (offline, from the precache) — each load a handful of files instead of some 90 small chunks: an
// offline start spent more time loading, compiling and linking 92 module files than running them
// (issue 13). Each start is described by its root modules; everything they import statically goes
// into one chunk per start, and what both starts share into a third, so the sign-in page still loads
// nothing of the signed-in app. Other screens keep the bundler's own chunks.
import type { Plugin } from 'vite';

/**
 * Where each start begins: the modules its page imports dynamically on the way to its first screen.
 * "Take the day offline" loads on first use (app/TakeDayOfflineProvider.tsx): its repositories are not in the app's start.
 */
export const startRoots = {
  signIn: ['src/app/LoginApp.tsx', 'src/app/registerServiceWorker.ts'],
  app: ['src/app/App.tsx', 'src/app/AppLayout.tsx', 'src/app/DashboardRoute.tsx', 'src/db/db.ts'],
} as const;

export type StartChunk = 'start-shared' | 'start-signin' | 'start-app';

type Graph = { staticImports: (id: string) => readonly string[]; entry: string; roots: { signIn: string[]; app: string[] } };

/** Every module reachable from `from` through static imports. */
function staticClosure(graph: Graph, from: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop();
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    stack.push(...graph.staticImports(id));
  }
  return seen;
}

/** Which start chunk each module goes to (modules of the entry chunk stay there). */
export function startChunkOf(graph: Graph): Map<string, StartChunk> {
  const inEntry = staticClosure(graph, [graph.entry]);
  const signIn = staticClosure(graph, graph.roots.signIn);
  const app = staticClosure(graph, graph.roots.app);
  const chunks = new Map<string, StartChunk>();
  for (const id of new Set([...signIn, ...app])) {
    if (inEntry.has(id)) continue;
    chunks.set(id, signIn.has(id) && app.has(id) ? 'start-shared' : signIn.has(id) ? 'start-signin' : 'start-app');
  }
  return chunks;
}

/**
 * A plugin that reads the module graph once it is complete, and the `codeSplitting` groups that
 * place the starts' modules by it (the groups are asked only after the graph is read).
 */
export function startChunks(root: string): {
  plugin: Plugin;
  groups: Array<{ name: (id: string) => string | null; priority: number; includeDependenciesRecursively: boolean }>;
} {
  let placed = new Map<string, StartChunk>();
  const plugin: Plugin = {
    name: 'binyan-start-chunks',
    apply: 'build',
    buildEnd() {
      const resolve = (file: string) => `${root}/${file}`;
      const graph: Graph = {
        staticImports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        entry: resolve('src/main.tsx'),
        roots: { signIn: startRoots.signIn.map(resolve), app: startRoots.app.map(resolve) },
      };
      for (const root of [...graph.roots.signIn, ...graph.roots.app]) {
        if (!this.getModuleInfo(root)) this.error(`start root ${root} is not in the build (scripts/startChunks.ts)`);
      }
      placed = startChunkOf(graph);
    },
  };
  return { plugin, groups: [{ name: (id) => placed.get(id) ?? null, priority: 1, includeDependenciesRecursively: false }] };
}
