import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // A limit that only catches a test that hangs: CI runs every package's suite side by side on two
    // cores, where a test that takes one second alone has been seen to take nine. Speed is measured
    // by the benchmarks, not here.
    testTimeout: 30_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
