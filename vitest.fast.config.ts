import { defineConfig } from 'vitest/config';

// `npm run test:fast`: unit and component tests only, no database, Redis or browser: the
// contract, the server's pure modules, web and player components in jsdom, the root scripts.
// `npm test` (vitest.config.ts) runs these and everything else.
export default defineConfig({
  test: {
    projects: [
      'contract/vitest.config.ts',
      'server/vitest.unit.config.ts',
      'web/vitest.config.ts',
      'player/vitest.config.ts',
      'scripts/vitest.config.ts',
    ],
  },
});
