import { defineConfig } from 'vitest/config';

// Browser tests: real server + real Chromium against the built dist/ (built once by `npm run test:e2e`).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.spec.ts'],
    fileParallelism: false,
    // Ceilings for a busy 2-core CI machine (a test waits for states, never for time; these only
    // bound a hang). expect.poll defaults to 1 s, too short for a screen on such a machine.
    testTimeout: 120_000,
    hookTimeout: 150_000,
    teardownTimeout: 30_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
    reporters: process.env.CI ? ['verbose'] : ['default'],
  },
});
