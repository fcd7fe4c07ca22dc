import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths';

/**
 * The dashboard's first load, read from the build the e2e run serves (web/dist, rebuilt by the
 * global setup when stale; its vite config writes the manifest).
 * docs/PERFORMANCE.md#dashboard-first-load-p13 has the figures and why the budget is what it is.
 */
const BUDGET_BYTES = 130 * 1024;
const dist = path.join(repoRoot, 'web', 'dist');

type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The manifest's key of index.html's entry. */
function entryKey(): string {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry && manifest[k]!.src === 'index.html');
  if (!entry) throw new Error('web/dist/.vite/manifest.json names no index.html entry');
  return entry;
}

/** The app chunk (src/app/app.tsx and what it alone imports, web/vite.config.ts), which the entry imports dynamically. */
function appKey(): string {
  const app = manifest[entryKey()]!.dynamicImports?.find((k) => manifest[k]!.name === 'app');
  if (!app) throw new Error('web/dist/.vite/manifest.json: the entry imports no app chunk');
  return app;
}

/**
 * The entry index.html loads, the app chunk the entry imports dynamically (evaluated in a task of
 * its own), and every chunk either imports statically: index.html modulepreloads exactly those
 * (web/vite.config.ts).
 */
function initialFiles(): string[] {
  return [...new Set([...filesOf(entryKey()), ...filesOf(appKey())])];
}

/** A chunk of the manifest and every chunk it imports statically: what evaluates when it is loaded. */
function filesOf(key: string): string[] {
  if (!manifest[key]) throw new Error(`web/dist/.vite/manifest.json has no ${key}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of manifest[key]?.imports ?? []) visit(k);
  };
  visit(key);
  return [...seen].map((k) => manifest[k]!.file);
}

const read = (file: string) => readFileSync(path.join(dist, file));
const gzip = (file: string) => gzipSync(read(file), { level: 9 }).length;
const allFiles = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));

/**
 * Strings each library keeps in its minified code: @dnd-kit/core's id prefix of its screen
 * reader instructions, engine.io-client's (socket.io-client's transport) heartbeat close reason.
 */
const libraries = [
  { name: '@dnd-kit', marker: 'DndDescribedBy' },
  { name: 'socket.io-client', marker: 'ping timeout' },
];

/**
 * A message of the contract's alert schemas (contract/src/alerts.ts), kept as it is in the
 * minified code: the chunk it is in builds the alert schemas when it is evaluated.
 */
const ALERT_SCHEMA_MARKER = 'Lütfen duyuru başlığını girin';

/**
 * Pages that check something with the contract's schemas but none of the alerts'. When one
 * dynamic import took the contract's index, every schema of the contract was one chunk, built
 * on each of these pages: the longest task of their start (docs/PERFORMANCE.md#contract-chunks).
 */
const schemaUsers = [
  { name: "/login's form (its schema loads once the form is used)", key: 'src/features/auth/login-schema.ts' },
  { name: "the sidebar's screen health", key: 'src/components/layout/sidebar-health.tsx' },
];

describe('the dashboard first load (web/dist)', () => {
  it('is the build index.html loads', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    for (const file of initialFiles()) expect(html).toContain(`/${file}`);
  });

  it('evaluates the app apart from React, yet fetches it from the start', () => {
    const entry = entryKey();
    const app = manifest[appKey()];
    // A chunk of its own that the entry imports dynamically: its code (the router, the query
    // client, the layouts) runs in a task after React's (docs/PERFORMANCE.md#the-entry-in-two-tasks).
    expect(filesOf(entry)).not.toContain(app!.file);
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${app!.file}">`);
    // What it imports: the entry's own script and modulepreloads, or links of their own.
    for (const file of filesOf(appKey())) expect(html).toMatch(new RegExp(`(?:src|href)="/${file.replace(/[.]/g, '\\.')}"`));
  });

  it('asks for at most 6 scripts before the first page renders: the app is one chunk, not one per module it shares', () => {
    // On HTTP/1.1 a browser asks six at a time (docs/PERFORMANCE.md#fewer-files-on-the-first-load).
    const files = initialFiles();
    expect(files.length, files.join(', ')).toBeLessThanOrEqual(6);
    // react-router, TanStack Query's hooks and the app's own shared modules travel in the app chunk.
    expect(read(manifest[appKey()]!.file).toString()).toContain('useNavigate() may be used only in the context of a <Router> component.');
  });

  it(`loads at most ${BUDGET_BYTES / 1024} KB of JavaScript (gzip -9) before the first page renders`, () => {
    const sizes = initialFiles().map((f) => ({ file: f, gzip: gzip(f) }));
    const total = sizes.reduce((a, s) => a + s.gzip, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('carries no zod: the sidebar and the session ask the roles from @pano/contract/roles', () => {
    // zod's error class name survives minification (it is set as a string).
    for (const f of initialFiles()) expect(read(f).toString(), f).not.toContain('ZodError');
  });

  it.each(libraries)('loads $name only with the pages that use it', ({ marker }) => {
    const initial = new Set(initialFiles());
    // The marker must still identify the library somewhere in the build, or this test proves nothing.
    expect(allFiles.filter((f) => !initial.has(f) && read(f).includes(marker))).not.toEqual([]);
    expect([...initial].filter((f) => read(f).includes(marker))).toEqual([]);
  });

  it.each(schemaUsers)('$name loads the contract schemas it uses, not every schema', ({ key }) => {
    const files = filesOf(key);
    // Zod itself comes along: the page checks with it.
    expect(files.some((f) => read(f).includes('ZodError'))).toBe(true);
    expect(allFiles.filter((f) => read(f).includes(ALERT_SCHEMA_MARKER))).not.toEqual([]);
    expect(files.filter((f) => read(f).includes(ALERT_SCHEMA_MARKER))).toEqual([]);
  });
});

/**
 * The screen player's first load (player/dist, rebuilt by the global setup when stale): screens
 * are often weak TV sticks, so its budget is bench P6's goal, and the schema library stays out
 * (the player imports the contract's values only from `@pano/contract/constants` and the
 * schedule rules; any other value import of `@pano/contract` pulls every zod schema in).
 */
const PLAYER_BUDGET_BYTES = 35 * 1024;
const playerDist = path.join(repoRoot, 'player', 'dist');
const playerInitial = () => [...readFileSync(path.join(playerDist, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/player\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);

describe('the screen player first load (player/dist)', () => {
  it(`loads at most ${PLAYER_BUDGET_BYTES / 1024} KB of JavaScript (gzip -9), without zod`, () => {
    const files = playerInitial();
    expect(files).not.toEqual([]);
    const sizes = files.map((f) => ({ file: f, gzip: gzipSync(readFileSync(path.join(playerDist, f)), { level: 9 }).length }));
    expect(sizes.reduce((a, s) => a + s.gzip, 0), JSON.stringify(sizes)).toBeLessThanOrEqual(PLAYER_BUDGET_BYTES);
    // zod's error class name survives minification (it is set as a string).
    for (const f of files) expect(readFileSync(path.join(playerDist, f), 'utf8'), f).not.toContain('ZodError');
  });
});
