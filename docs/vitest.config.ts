import { defineConfig } from 'vitest/config';
import { testTimeouts } from '../vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    ...testTimeouts,
  },
});
