import { describe, expect, it } from 'vitest';
import { startChunkOf } from './startChunks';

// The app's shape in small: the entry with React and the texts, the sign-in page and the signed-in
// app sharing the API client, each with code of its own, and a screen neither start reaches.
const imports: Record<string, string[]> = {
  main: ['react', 'i18n'],
  i18n: [],
  react: [],
  LoginApp: ['loginMachine', 'api', 'react'],
  loginMachine: ['xstate'],
  api: ['xstate', 'i18n'],
  xstate: [],
  App: ['router', 'api', 'db'],
  router: ['react'],
  db: ['dexie'],
  dexie: [],
  OfficeScreen: ['charts', 'db'],
  charts: [],
};

const graph = { staticImports: (id: string) => imports[id] ?? [], entry: 'main', roots: { signIn: ['LoginApp'], app: ['App'] } };

describe('the starts’ chunks', () => {
  const placed = startChunkOf(graph);

  it('puts what only the sign-in page or only the app imports in its own chunk, and what both import in a shared one', () => {
    expect(Object.fromEntries(placed)).toEqual({
      LoginApp: 'start-signin',
      loginMachine: 'start-signin',
      api: 'start-shared',
      xstate: 'start-shared',
      App: 'start-app',
      router: 'start-app',
      db: 'start-app',
      dexie: 'start-app',
    });
  });

  it('leaves the entry’s modules and the screens no start imports to the bundler', () => {
    for (const id of ['main', 'react', 'i18n', 'OfficeScreen', 'charts']) expect(placed.has(id)).toBe(false);
  });

  it('never makes the shared chunk, or the sign-in page’s, import the app’s chunk', () => {
    const order = { 'start-shared': 0, 'start-signin': 1, 'start-app': 1 } as const;
    for (const [id, chunk] of placed) {
      for (const dependency of imports[id] ?? []) {
        const other = placed.get(dependency);
        if (other === undefined) continue;
        expect(other === chunk || order[other] < order[chunk], `${id} (${chunk}) imports ${dependency} (${other})`).toBe(true);
      }
    }
  });
});
