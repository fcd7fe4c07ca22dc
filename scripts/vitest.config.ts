import { defineConfig } from 'vitest/config';

// The root scripts' own logic (what `npm start` and the e2e setup decide before they run).
export default defineConfig({
  test: {
    name: 'scripts',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
    // A test over 15 s fails (docs/architecture/tests.md#tests).
    setupFiles: ['./test-budget.setup.ts'],
  },
});
