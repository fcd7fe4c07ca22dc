import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // A test over 15 s fails (docs/architecture/tests.md#tests).
    setupFiles: ['../scripts/test-budget.setup.ts'],
    passWithNoTests: true,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    // Builds web and player once per run (skipped when their dist was built from these sources).
    globalSetup: ['./global-setup.ts'],
  },
});
