import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // nginx and the mock server start as processes; on a 2-core CI machine running the other
    // packages' suites at the same time that takes seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
