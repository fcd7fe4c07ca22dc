import { defineConfig } from 'vite';
import { precompressPlugin } from '../scripts/precompress.mjs';

// In development the API, uploads and websockets live on the server (port 3000).
const backend = 'http://localhost:3000';

/**
 * The device bundle at /player. React is swapped for preact/compat here only: screens are
 * often weak TV sticks, and the component code is plain React that both run unchanged
 * (the dashboard's preview uses real React, the unit tests too).
 */
export default defineConfig({
  base: '/player/',
  // Brotli and gzip copies of the built files, served as they are (docs/OPERATIONS.md#compression-and-caching).
  plugins: [precompressPlugin()],
  resolve: {
    alias: [
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
    ],
  },
  // Class fields as plain assignments, not a defineProperty helper: smaller, and no tiny helper
  // chunk split off the first load when lazy chunks share it (docs/PERFORMANCE.md, P6). The
  // player's classes neither inherit fields nor use accessors, so the two behave the same.
  build: {
    outDir: 'dist', emptyOutDir: true, target: 'es2020',
    rolldownOptions: { transform: { assumptions: { setPublicClassFields: true } } },
  },
  server: {
    port: 5174,
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
});
