import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contract',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // A test over 15 s fails (docs/architecture/tests.md#tests).
    setupFiles: ['../scripts/test-budget.setup.ts'],
  },
});
