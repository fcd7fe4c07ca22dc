// The import rules of the code base, checked by dependency-cruiser on the real import graph
// (type imports included) in scripts/import-graph.test.ts, so `npm test` fails on a violation.
// What the server's file roles mean: docs/MODULES.md.

const SOURCES = '^(contract|server|web|player)/src/';
const TEST = '\\.(test|fixtures)\\.tsx?$|/testing/';
const MODULE = '^server/src/modules/([^/]+)/';
const ROUTES = '\\.routes\\.ts$';
const PRESENTER = '\\.presenter\\.ts$|^server/src/http/present-refs\\.ts$';
const SOCKET = '\\.socket\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Two files that import each other (even through type imports only) can only change together.',
      severity: 'error',
      from: { path: SOURCES },
      to: { circular: true },
    },
    {
      name: 'no-folder-circular',
      comment: 'Folders depend on each other one way only (checked on the folder view of scripts/import-graph.test.ts: no tests, no src root files).',
      severity: 'error',
      scope: 'folder',
      from: { path: SOURCES },
      to: { circular: true },
    },
    {
      name: 'web-features-apart',
      comment: "A web feature is one page's world: what two features share lives in web/src/api, lib or components.",
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'modules-to-realtime-through-interfaces',
      comment: 'Server modules tell the realtime layer what changed only through the interfaces the context carries.',
      severity: 'error',
      from: { path: MODULE, pathNot: TEST },
      to: { path: '^server/src/realtime/', pathNot: '^server/src/realtime/(screen-notifier|connection-control)\\.ts$' },
    },
    {
      name: 'purchases-not-a-hub',
      comment: 'Package limits and requireActivePackage live in modules/entitlements; only the composition root reaches modules/purchases.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: ['^server/src/modules/purchases/', '^server/src/(routes|job-handlers)\\.ts$', TEST] },
      to: { path: '^server/src/modules/purchases/' },
    },
    {
      name: 'socket-files-registered-by-the-socket-server',
      comment: "A module's *.socket.ts (its incoming socket events) is registered by realtime/socket-server.ts alone.",
      severity: 'error',
      from: { pathNot: ['^server/src/realtime/socket-server\\.ts$', TEST] },
      to: { path: '\\.socket\\.ts$' },
    },
    {
      name: 'socket-files-in-their-module',
      comment: 'A *.socket.ts handles its own module\'s events: it imports its module, the socket types and shared layers, never another module.',
      severity: 'error',
      from: { path: `${MODULE}[^/]+\\.socket\\.ts$` },
      to: { path: '^server/src/(modules|realtime)/', pathNot: '^server/src/modules/$1/' },
    },
    {
      name: 'socket-types-below-everything',
      comment: 'server/src/sockets holds the socket.io types the realtime layer and the modules share; it imports neither.',
      severity: 'error',
      from: { path: '^server/src/sockets/' },
      to: { path: '^server/src/(modules|realtime)/' },
    },
    {
      name: 'services-never-present',
      comment: 'Services and their helpers return rows and domain objects; the routes hand them to the presenter (docs/MODULES.md).',
      severity: 'error',
      from: { path: MODULE, pathNot: [ROUTES, PRESENTER, SOCKET, TEST] },
      to: { path: [PRESENTER, ROUTES] },
    },
    {
      name: 'presenters-only-present',
      comment: 'A presenter turns rows into wire shapes: it may read a service\'s row types, never call a service, the database, a job or a route.',
      severity: 'error',
      from: { path: '\\.presenter\\.ts$' },
      to: { path: ['\\.service\\.ts$', ROUTES, '\\.jobs\\.ts$', SOCKET, '^server/src/db/(?!generated/)'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'routes-mounted-by-the-composition-root',
      comment: 'Module routes are mounted by server/src/routes.ts (a module may split its routes over several *.routes.ts).',
      severity: 'error',
      from: { pathNot: ['^server/src/routes\\.ts$', ROUTES, TEST] },
      to: { path: `${MODULE}[^/]+\\.routes\\.ts$` },
    },
    {
      name: 'jobs-wired-by-job-handlers',
      comment: "A module's *.jobs.ts is wired by server/src/job-handlers.ts and used inside its module only.",
      severity: 'error',
      from: { path: '^server/src/', pathNot: ['^server/src/modules/', '^server/src/job-handlers\\.ts$', TEST] },
      to: { path: '\\.jobs\\.ts$' },
    },
    {
      name: 'jobs-in-their-module',
      comment: "Another module's jobs are reached through its service, never its *.jobs.ts.",
      severity: 'error',
      from: { path: MODULE, pathNot: TEST },
      to: { path: '^server/src/modules/[^/]+/[^/]+\\.jobs\\.ts$', pathNot: '^server/src/modules/$1/' },
    },
    {
      name: 'job-handlers-wire-jobs-only',
      comment: 'server/src/job-handlers.ts takes every handler from a *.jobs.ts.',
      severity: 'error',
      from: { path: '^server/src/job-handlers\\.ts$' },
      to: { path: '^server/src/modules/', pathNot: '\\.jobs\\.ts$' },
    },
  ],
  options: {
    // Only our own sources; packages are not followed (the contract is followed as our own source).
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['server/src/db/generated/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
