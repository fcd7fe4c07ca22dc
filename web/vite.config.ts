import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from '../scripts/precompress.mjs';

// In development the API, uploads, websockets and the player bundle live on the server (port 3000).
const backend = 'http://localhost:3000';

export default defineConfig({
  // Brotli and gzip copies of the built files, served as they are (docs/OPERATIONS.md#compression-and-caching).
  plugins: [react(), precompressPlugin()],
  // The manifest (dist/.vite/manifest.json) lets a test weigh what index.html loads first:
  // e2e/tests/initial-javascript.test.ts.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/player': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
});
