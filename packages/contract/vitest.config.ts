import { defineConfig } from 'vitest/config';
import { testTimeouts } from '../../vitest.shared';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    ...testTimeouts,
  },
});
