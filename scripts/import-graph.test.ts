import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import rules live in .dependency-cruiser.mjs (what each one is for is written beside it,
// the server's file roles in docs/MODULES.md); dependency-cruiser checks them here on the real
// import graph, type imports included, so `npm test` fails on a violation.

const repo = path.resolve(import.meta.dirname, '..');
const SOURCES = ['contract/src', 'server/src', 'web/src', 'player/src'];
/**
 * The folder view leaves out tests (leaves that belong to no folder) and the files right in a
 * src root (context, app, routes, server, worker, main): the composition root that wires every
 * folder together.
 */
const OUTSIDE_FOLDER_VIEW = ['\\.(test|fixtures)\\.tsx?$', '/testing/', '^[^/]+/src/[^/]+\\.tsx?$'];

type Check = { files: string[]; folders: string[] };

/** The violations of the config's rules in these folders of `root`: file rules on every file, folder rules on the folder view. */
async function check(root: string, folders: string[], config: string): Promise<Check> {
  const options = await extractDepcruiseOptions(path.join(repo, config));
  const rules = options.ruleSet?.forbidden ?? [];
  const onFolders = (rule: (typeof rules)[number]) => 'scope' in rule && rule.scope === 'folder';
  const tsConfig = path.join(repo, 'tsconfig.base.json');
  const run = async (extra: ICruiseOptions): Promise<string[]> => {
    const { output } = await cruise(folders, { ...options, baseDir: root, tsConfig: { fileName: tsConfig }, ...extra }, {}, { tsConfig: extractTSConfig(tsConfig) });
    if (typeof output === 'string') throw new Error('dependency-cruiser answered with text, not a result');
    return output.summary.violations.map(describeViolation);
  };
  const excluded = options.exclude;
  const excludedPaths = typeof excluded === 'string' ? [excluded] : Array.isArray(excluded) ? excluded : [excluded?.path ?? []].flat();
  return {
    files: await run({ ruleSet: { ...options.ruleSet, forbidden: rules.filter((r) => !onFolders(r)) } }),
    folders: await run({
      ruleSet: { ...options.ruleSet, forbidden: rules.filter(onFolders) },
      exclude: { path: [...excludedPaths, ...OUTSIDE_FOLDER_VIEW] },
    }),
  };
}

/** `rule: from -> to`, or for a cycle every step of it. */
const describeViolation = (v: IViolation) =>
  `${v.rule.name}: ${[v.from, ...(v.cycle ? v.cycle.map((step) => step.name) : [v.to])].join(' -> ')}`;

describe('the import rules of .dependency-cruiser.mjs, on the real sources', () => {
  let found: Check;
  beforeAll(async () => {
    found = await check(repo, SOURCES, '.dependency-cruiser.mjs');
  }, 120_000);

  it('no file breaks a rule', () => {
    expect(found.files).toEqual([]);
  });

  it('folders depend on each other one way only', () => {
    expect(found.folders).toEqual([]);
  });
});

describe('the rules catch what they forbid', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pano-import-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  // Written without their extension here, so server/test/doc-links.test.ts does not look for these files.
  const write = (name: string, text: string) => {
    const file = path.join(root, `${name}.ts`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  // A type-only cycle through a src root file, and two folders importing each other.
  write('server/src/context', "import type { Cache } from './cache/cache.js';\nexport type Ctx = { cache: Cache };\n");
  write('server/src/cache/cache', "import type { Ctx } from '../context.js';\nimport type { Entry } from './entry.js';\nexport type Cache = { ctx: Ctx; entry: Entry };\n");
  write('server/src/cache/entry', "import type { Cache } from './cache.js';\nexport type Entry = { cache: Cache };\n");
  write('server/src/push/push', "import type { Entry } from '../cache/entry.js';\nexport type Push = Entry;\n");
  write('server/src/cache/uses-push', "import type { Push } from '../push/push.js';\nexport type P = Push;\n");
  // Two web features, one importing the other; a module reaching past realtime's interfaces.
  write('web/src/features/media/media-page', "import { thumb } from '../playlists/media-thumb.js';\nexport const page = thumb;\n");
  write('web/src/features/playlists/media-thumb', 'export const thumb = 1;\n');
  write('server/src/realtime/presence', 'export const presence = 1;\n');
  write('server/src/realtime/screen-notifier', 'export type Notifier = { changed: () => void };\n');
  write('server/src/modules/screens/screens.service', "import { presence } from '../../realtime/presence.js';\nimport type { Notifier } from '../../realtime/screen-notifier.js';\nexport const s = (n: Notifier) => presence + n.changed.length;\n");
  // One break of each server file role (docs/MODULES.md).
  write('server/src/db/client', 'export const db = {};\n');
  write('server/src/modules/shop/shop.presenter', "import { db } from '../../db/client.js';\nexport const present = (x: number) => ({ x, db });\n");
  write('server/src/modules/shop/shop.service', "import { present } from './shop.presenter.js';\nexport const list = () => present(1);\n");
  write('server/src/modules/shop/shop.jobs', 'export const shopJobHandlers = {};\n');
  write('server/src/modules/shop/shop.socket', "import { till } from '../till/till.service.js';\nexport const shopSocketEvents = till;\n");
  write('server/src/modules/till/till.service', 'export const till = 1;\n');
  write('server/src/modules/stock/stock.service', "import { shopJobHandlers } from '../shop/shop.jobs.js';\nimport { buy } from '../purchases/buy.js';\nexport const stock = [shopJobHandlers, buy];\n");
  write('server/src/modules/purchases/buy', 'export const buy = 1;\n');
  let found: Check;
  beforeAll(async () => {
    const checked = await check(root, ['server/src', 'web/src'], '.dependency-cruiser.mjs');
    // Without extensions, like the names above.
    const bare = (list: string[]) => list.map((v) => v.replace(/\.ts\b/g, ''));
    found = { files: bare(checked.files), folders: bare(checked.folders) };
  }, 120_000);

  it('finds a cycle of type-only imports, also through the src root', () => {
    expect(found.files.filter((v) => v.startsWith('no-circular:')).sort()).toEqual([
      'no-circular: server/src/cache/cache -> server/src/cache/entry -> server/src/cache/cache',
      'no-circular: server/src/cache/cache -> server/src/context -> server/src/cache/cache',
    ]);
  });

  it('finds two folders that import each other, but not through the src root', () => {
    expect(found.folders.sort()).toEqual([
      'no-folder-circular: server/src/cache -> server/src/push -> server/src/cache',
      'no-folder-circular: server/src/push -> server/src/cache -> server/src/push',
    ]);
  });

  it('finds a web feature importing another, a module reaching past the realtime interfaces, and each broken file role', () => {
    expect(found.files.filter((v) => !v.startsWith('no-circular:')).sort()).toEqual([
      'jobs-in-their-module: server/src/modules/stock/stock.service -> server/src/modules/shop/shop.jobs',
      'modules-to-realtime-through-interfaces: server/src/modules/screens/screens.service -> server/src/realtime/presence',
      'presenters-only-present: server/src/modules/shop/shop.presenter -> server/src/db/client',
      'purchases-not-a-hub: server/src/modules/stock/stock.service -> server/src/modules/purchases/buy',
      'services-never-present: server/src/modules/shop/shop.service -> server/src/modules/shop/shop.presenter',
      'socket-files-in-their-module: server/src/modules/shop/shop.socket -> server/src/modules/till/till.service',
      'web-features-apart: web/src/features/media/media-page -> web/src/features/playlists/media-thumb',
    ]);
  });
});
