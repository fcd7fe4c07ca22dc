import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

// ESLint's import-x/no-cycle follows value imports between files only. A cycle made of type
// imports still ties two files (or two folders) into one unit that can only change together,
// so these checks follow every import and also look at whole folders.

type Graph = Map<string, Set<string>>;

const options: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, jsx: ts.JsxEmit.ReactJSX };

/** Every .ts/.tsx file under the given src folders, with the files it imports (types included),
 *  as paths relative to root. */
function importGraph(root: string, srcFolders: string[]): Graph {
  const files = srcFolders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !file.includes('generated'))
      .map((file) => path.join(root, folder, file)));
  const known = new Set(files);
  return new Map(files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && known.has(target) && target !== file);
    return [path.relative(root, file), new Set(targets.map((target) => path.relative(root, target)))];
  }));
}

/** Folders as nodes. Tests are leaves that belong to no layer, and the files right in a src root
 *  (context, app, routes, server, worker, main) are the composition root that wires every folder together. */
function folderGraph(files: Graph, srcFolders: string[]): Graph {
  const folderOf = (file: string) => {
    // A web feature (its page, components and api/ hooks) is one unit, whatever its subfolders.
    const folder = /^web\/src\/features\/[^/]+/.exec(file)?.[0] ?? path.dirname(file);
    return srcFolders.includes(folder) || /\.test\.tsx?$/.test(file) ? undefined : folder;
  };
  const folders: Graph = new Map();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    if (from === undefined) continue;
    const edges = folders.get(from) ?? new Set();
    folders.set(from, edges);
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== undefined && to !== from) edges.add(to);
    }
  }
  return folders;
}

/** Strongly connected groups of more than one node (Tarjan), each sorted. */
function cycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const repo = path.resolve(import.meta.dirname, '..');
const sources = ['contract/src', 'server/src', 'web/src', 'player/src'];

describe('import cycles, type imports and folders included', () => {
  const files = importGraph(repo, sources);

  it('reads the real import graph', () => {
    expect(files.get('server/src/realtime/config-push.ts')).toContain('server/src/modules/screens/screen-config-cache.ts');
    expect(files.get('web/src/main.tsx')).toContain('web/src/app/app.tsx');
  });

  it('no source files import each other, even through type imports only', () => {
    expect(cycles(files)).toEqual([]);
  });

  it('folders depend on each other one way only', () => {
    expect(cycles(folderGraph(files, sources))).toEqual([]);
  });
});

/** Imports that cross a boundary: `from` files importing `to` files that `allowed` does not name. */
function crossings(graph: Graph, crosses: (from: string, to: string) => boolean): string[] {
  return [...graph].flatMap(([from, targets]) => [...targets].filter((to) => crosses(from, to)).map((to) => `${from} -> ${to}`));
}

const featureOf = (file: string) => /^web\/src\/features\/([^/]+)\//.exec(file)?.[1];
/** A web feature is one page's world: what two features share lives in web/src/api, lib or components. */
const featureCrossing = (from: string, to: string) => {
  const a = featureOf(from);
  const b = featureOf(to);
  return a !== undefined && b !== undefined && a !== b;
};
/** Server modules tell the realtime layer what changed only through the interfaces the context carries. */
const REALTIME_INTERFACES = new Set(['server/src/realtime/screen-notifier.ts', 'server/src/realtime/connection-control.ts']);
const realtimeCrossing = (from: string, to: string) => from.startsWith('server/src/modules/') && !/\.test\.tsx?$/.test(from)
  && to.startsWith('server/src/realtime/') && !REALTIME_INTERFACES.has(to);

describe('boundaries between layers', () => {
  const files = importGraph(repo, sources);

  it('web features never import each other', () => {
    expect(crossings(files, featureCrossing)).toEqual([]);
  });

  it('server modules reach realtime only through its notifier interfaces', () => {
    expect(crossings(files, realtimeCrossing)).toEqual([]);
  });

  it('finds both kinds of crossing', () => {
    const graph: Graph = new Map([
      ['web/src/features/media/media-page.tsx', new Set(['web/src/features/playlists/media-thumb.tsx', 'web/src/lib/format.ts'])],
      ['server/src/modules/screens/screens.service.ts', new Set(['server/src/realtime/presence.ts', 'server/src/realtime/screen-notifier.ts'])],
    ]);
    expect(crossings(graph, featureCrossing)).toEqual(['web/src/features/media/media-page.tsx -> web/src/features/playlists/media-thumb.tsx']);
    expect(crossings(graph, realtimeCrossing)).toEqual(['server/src/modules/screens/screens.service.ts -> server/src/realtime/presence.ts']);
  });
});

describe('the cycle check itself', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pano-import-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  // Names without their extension, so server/test/doc-links.test.ts does not look for these files here.
  const fileOf = (name: string) => `src/${name}.ts`;
  const write = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, fileOf(name))), { recursive: true });
    writeFileSync(path.join(root, fileOf(name)), text);
  };
  write('context', "import type { Cache } from './cache/cache.js';\nexport type Ctx = { cache: Cache };\n");
  write('cache/cache', "import type { Ctx } from '../context.js';\nimport type { Entry } from './entry.js';\nexport type Cache = { ctx: Ctx; entry: Entry };\n");
  write('cache/entry', "import type { Cache } from './cache.js';\nexport type Entry = { cache: Cache };\n");
  write('push/push', "import type { Entry } from '../cache/entry.js';\nexport type Push = Entry;\n");
  write('cache/uses-push', "import type { Push } from '../push/push.js';\nexport type P = Push;\n");
  write('cache/cache.test', "import type { Push } from '../push/push.js';\n");
  const files = importGraph(root, ['src']);

  it('finds a cycle of type-only imports, also through the src root', () => {
    expect(cycles(files)).toEqual([['cache/cache', 'cache/entry', 'context'].map(fileOf)]);
  });

  it('finds two folders that import each other, but not through the src root or a test', () => {
    expect(cycles(folderGraph(files, ['src']))).toEqual([['src/cache', 'src/push']]);
  });
});
