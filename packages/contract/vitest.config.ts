import { defineConfig } from 'vitest/config';
import { everyCore, testTimeouts } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    ...testTimeouts,
    ...everyCore,
    // The files share their workers' modules (each test builds its own server and world): a
    // fifth less time than loading them again for every file.
    isolate: false,
  },
});
