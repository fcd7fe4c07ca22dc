import { defineConfig } from 'vitest/config';

// One run, several projects: the contract's pure helpers, server route tests against real
// PostgreSQL, browser-logic unit tests in jsdom, and the e2e browser tests against the built app.
export default defineConfig({
  test: {
    projects: [
      'contract/vitest.config.ts',
      'server/vitest.config.ts',
      'web/vitest.config.ts',
      'player/vitest.config.ts',
      'e2e/vitest.config.ts',
      'scripts/vitest.config.ts',
    ],
  },
});
