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
        const app = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/app/app.tsx')));
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

/**
 * What the first load runs: the modules main.tsx imports statically (React, the session check)
 * and those of app.tsx beyond them (the router, the query client, the layouts), filled in once
 * the module graph is known.
 */
const firstLoad = { entry: new Set<string>(), app: new Set<string>() };

/**
 * Reads `firstLoad` from the module graph. The app's modules then go into one chunk ('app',
 * below): left to itself, the bundler split out every module the app shares with a page
 * (react-router, TanStack Query's hooks, the dialog store, ...) as a chunk of its own, so the
 * first load asked for 14 files, on HTTP/1.1 six at a time, where 5 carry the same code
 * (docs/PERFORMANCE.md#fewer-files-on-the-first-load). Every page loads after the app, so
 * nothing a page needs comes earlier or twice.
 */
function firstLoadGraph(): Plugin {
  return {
    name: 'pano:first-load-graph',
    apply: 'build',
    buildEnd() {
      const walk = (from: string, into: Set<string>, skip: Set<string>) => {
        const stack = [from];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id) || skip.has(id)) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      const ids = [...this.getModuleIds()];
      const find = (end: string) => {
        const id = ids.find((x) => x.endsWith(end));
        if (!id) throw new Error(`vite: no ${end} in the module graph`);
        return id;
      };
      walk(find('/src/main.tsx'), firstLoad.entry, new Set());
      walk(find('/src/app/app.tsx'), firstLoad.app, firstLoad.entry);
    },
  };
}

export default defineConfig({
  // Brotli and gzip copies of the built files, served as they are (docs/OPERATIONS.md#compression-and-caching).
  plugins: [react(), firstLoadGraph(), preloadApp(), precompressPlugin()],
  // The manifest (dist/.vite/manifest.json) lets a test weigh what index.html loads first:
  // e2e/tests/initial-javascript.test.ts.
  build: {
    outDir: 'dist', emptyOutDir: true, manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Not its dependencies too: those of main.tsx stay in the entry, evaluated in a task of
          // their own before the app's (docs/PERFORMANCE.md#the-entry-in-two-tasks).
          groups: [{ name: 'app', test: (id: string) => firstLoad.app.has(id), includeDependenciesRecursively: false }],
        },
      },
    },
  },
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
