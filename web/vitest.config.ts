import { defineConfig } from 'vitest/config';

export default defineConfig({
  // jsdom is a browser to the dashboard's code: tus-js-client's browser build (XMLHttpRequest,
  // localStorage), as vite's build picks from its package's `browser` field; its Node build
  // would speak node:http, which no page ever does.
  resolve: { alias: [{ find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' }] },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // One jsdom per worker thread, not one per test file: setting up jsdom in a fresh process for
    // each file took most of `npm run test:fast` (docs/architecture/tests.md#tests). Files share
    // the worker's modules, so a file leaves no state behind; they pass in any order
    // (`--sequence.shuffle`).
    pool: 'threads',
    isolate: false,
    // A test over 15 s fails (docs/architecture/tests.md#tests), a budget that grows with the machine's
    // load; vitest's own cut-off (5 s by default, whatever the load) stays out of its way.
    testTimeout: 60_000,
    setupFiles: ['../scripts/test-budget.setup.ts', 'src/test-setup.ts'],
    passWithNoTests: true,
  },
});
