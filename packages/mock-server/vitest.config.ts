import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Several tests build whole seeded worlds (timetables, journals) more than once; on a 2-core CI
    // machine running the other packages' suites at the same time that takes seconds, not millis.
    testTimeout: 30_000,
  },
});
