import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // A test over 15 s fails (docs/ARCHITECTURE.md#tests).
    setupFiles: ['../scripts/test-budget.setup.ts', 'src/test-setup.ts'],
    passWithNoTests: true,
  },
});
