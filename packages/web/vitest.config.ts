import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { everyCore, testTimeouts } from '../../vitest.shared.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    ...testTimeouts,
    ...everyCore,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
