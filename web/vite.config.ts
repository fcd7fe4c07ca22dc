import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from '../scripts/precompress.mjs';

// In development the API, uploads, websockets and the player bundle live on the server (port 3000).
const backend = 'http://localhost:3000';

/**
 * main.tsx imports the app (src/app/app.tsx) dynamically, so that its code is evaluated in a
 * task of its own, after React's; index.html still fetches it, and what it imports, from the
 * start (docs/PERFORMANCE.md#the-entry-in-two-tasks): without these links it would be asked for
 * only once the entry had run.
 */
function preloadApp(): Plugin {
  return {
    name: 'pano:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        type Output = NonNullable<typeof ctx.bundle>[string];
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Extract<Output, { type: 'chunk' }> => c.type === 'chunk');
        const app = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app/app.tsx'));
        if (!app) throw new Error('vite: no chunk for src/app/app.tsx to preload');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.find((c) => c.fileName === file)?.imports ?? []) visit(imported);
        };
        visit(app.fileName);
        return [...files].filter((f) => !html.includes(`/${f}"`)).map((f) => ({
          tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  // Brotli and gzip copies of the built files, served as they are (docs/OPERATIONS.md#compression-and-caching).
  plugins: [react(), preloadApp(), precompressPlugin()],
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
