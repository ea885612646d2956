import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { englishHashes } from './scripts/englishHashesPlugin.ts';

export default defineConfig({
  plugins: [react(), englishHashes(import.meta.dirname)],
  test: {
    // Generous: a busy 2-core CI machine runs these beside other work; no test measures speed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/**/*.test.ts',
            'server/**/*.test.ts',
            'sw/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/integration/**/*.test.ts',
          ],
          // *.pg.test.ts: what only PostgreSQL has (npm run test:server -- --db=postgres).
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DB === 'postgres' ? [] : ['server/**/*.pg.test.ts'])],
          setupFiles: ['tests/setup/node.ts'],
          // TEST_DB=postgres: one throw-away PostgreSQL cluster for the run (server/test/engine.ts).
          globalSetup: ['server/test/globalSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/setup/dom.ts'],
        },
      },
    ],
  },
});
