import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Suites spawn real processes and servers; two cores want few workers.
    maxWorkers: 2,
    globalSetup: ['test/setup/temp-root.ts'],
    setupFiles: ['test/setup/remove-temp-dirs.ts'],
  },
});
