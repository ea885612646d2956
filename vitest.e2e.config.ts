import { defineConfig } from 'vitest/config';

// Browser tests: real server + real Chromium against the built dist/ (built once by `npm run test:e2e`).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.spec.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: process.env.CI ? ['verbose'] : ['default'],
  },
});
