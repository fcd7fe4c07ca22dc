import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // A test over 15 s fails (docs/architecture/tests.md#tests).
    setupFiles: ['../scripts/test-budget.setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    // expect.poll waits up to 5 s by default here (vitest's 1 s is short with the machine busy).
    expect: { poll: { timeout: 5000, interval: 20 } },
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
