import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt } from './build-freshness.mjs';

// A checkout in miniature: sources, a lockfile, and a "build" that copies a source into dist.
describe('web/player builds are fresh only if built from these sources', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const builds: string[] = [];
  const build = (workspace: string) => () => {
    builds.push(workspace);
    write(`${workspace}/dist/index.html`, readFileSync(path.join(root, workspace, 'src/main.tsx'), 'utf8'));
  };
  const ensure = (workspace: string) => ensureBuilt(root, workspace, build(workspace));
  const served = (workspace: string) => readFileSync(path.join(root, workspace, 'dist/index.html'), 'utf8');

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'pano-freshness-'));
    builds.length = 0;
    write('web/src/main.tsx', 'web v1');
    write('player/src/main.tsx', 'player v1');
    write('contract/src/index.ts', 'contract v1');
    write('package-lock.json', '{"lockfileVersion":3}');
    ensure('web');
    ensure('player');
    builds.length = 0;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('skips the build when nothing changed', () => {
    expect(ensure('web')).toBe(false);
    expect(ensure('player')).toBe(false);
    expect(builds).toEqual([]);
  });

  it('rebuilds a dist newer than its sources that was built from other sources', () => {
    write('web/src/main.tsx', 'web v2');
    // As after checking out older sources over a newer build: every dist file is the newest.
    const past = new Date(Date.now() - 3_600_000);
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(path.join(root, 'web/src/main.tsx'), past, past);
    utimesSync(path.join(root, 'web/dist/index.html'), future, future);
    utimesSync(path.join(root, 'web/dist/.inputs-hash'), future, future);
    expect(ensure('web')).toBe(true);
    expect(served('web')).toBe('web v2');
    expect(ensure('player')).toBe(false);
  });

  it('rebuilds both after a change of the precompression their vite builds run', () => {
    write('scripts/precompress.mjs', 'brotli quality 10');
    expect([ensure('web'), ensure('player')]).toEqual([true, true]);
    expect([ensure('web'), ensure('player')]).toEqual([false, false]);
  });

  it('rebuilds what depends on a changed contract, player or lockfile', () => {
    write('player/src/extra.css', 'new file');
    expect([ensure('web'), ensure('player')]).toEqual([true, true]);
    write('contract/src/index.ts', 'contract v2');
    expect([ensure('web'), ensure('player')]).toEqual([true, true]);
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect([ensure('web'), ensure('player')]).toEqual([true, true]);
    write('web/src/main.tsx', 'web v3');
    expect([ensure('web'), ensure('player')]).toEqual([true, false]);
  });

  it('rebuilds a dist without a stamp, or with its index missing', () => {
    rmSync(path.join(root, 'web/dist/.inputs-hash'));
    rmSync(path.join(root, 'player/dist/index.html'));
    expect([ensure('web'), ensure('player')]).toEqual([true, true]);
  });
});

// The compiled server (server/dist/main.js): its sources, the contract and its build script.
describe('the server build is fresh only if built from these sources and this build script', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const ensure = () => ensureBuilt(root, 'server', () => write('server/dist/main.js', 'built'));

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'pano-freshness-server-'));
    write('server/src/main.ts', 'server v1');
    write('contract/src/index.ts', 'contract v1');
    write('scripts/build-server.mjs', 'esbuild options v1');
    write('web/src/main.tsx', 'web v1');
    ensure();
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('rebuilds after a change of the server, the contract or the build script, not of the dashboard', () => {
    expect(ensure()).toBe(false);
    write('web/src/main.tsx', 'web v2');
    expect(ensure()).toBe(false);
    write('scripts/build-server.mjs', 'esbuild options v2');
    expect(ensure()).toBe(true);
    write('contract/src/index.ts', 'contract v2');
    expect(ensure()).toBe(true);
    write('server/src/main.ts', 'server v2');
    expect(ensure()).toBe(true);
    expect(ensure()).toBe(false);
  });

  it('rebuilds a dist without its main.js; ignores a build in progress beside it', () => {
    write('server/.dist-1234/main.js', 'half a build');
    expect(ensure()).toBe(false);
    rmSync(path.join(root, 'server/dist/main.js'));
    expect(ensure()).toBe(true);
  });
});
