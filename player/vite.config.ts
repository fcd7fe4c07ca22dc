import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
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
  plugins: [precompressPlugin(), websocketOnly()],
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

/**
 * The player connects over WebSocket only (`transports: ['websocket']` in
 * connection/screen-connection.ts), yet engine.io-client's table of transports imports long
 * polling and WebTransport too, and socket.io-client cannot be given another table. The table
 * is swapped here for one holding the WebSocket transport: the same class, 5 KB less on every
 * screen's first load (docs/PERFORMANCE.md, P6).
 */
function websocketOnly(): Plugin {
  const TABLE = '\0engine.io-transports:';
  return {
    name: 'pano-engine-io-websocket-only',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './transports/index.js' || !importer) return null;
      const dir = path.dirname(importer);
      return path.basename(path.dirname(path.dirname(dir))) === 'engine.io-client' ? TABLE + dir : null;
    },
    load(id) {
      if (!id.startsWith(TABLE)) return null;
      const websocket = path.join(id.slice(TABLE.length), 'transports', 'websocket.js');
      return `import { WS } from ${JSON.stringify(websocket)};\nexport const transports = { websocket: WS };\n`;
    },
  };
}
