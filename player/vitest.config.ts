import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'player',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // A test over 15 s fails (docs/ARCHITECTURE.md#tests), a budget that grows with the machine's
    // load; vitest's own cut-off (5 s by default, whatever the load) stays out of its way.
    testTimeout: 60_000,
    setupFiles: ['../scripts/test-budget.setup.ts', 'src/test-setup.ts'],
    passWithNoTests: true,
  },
});
