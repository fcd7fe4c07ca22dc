// Our `prisma migrate dev`: `npm run db:migrate -- --name <what>`.
// The CLI's own command needs the native schema engine, which we cannot download;
// this drives the WASM engine through the same steps the CLI takes and writes the
// same files (prisma/migrations/<timestamp>_<name>/migration.sql, migration_lock.toml).
//
// Options: --name <what> (required), --create-only (write the migration, don't apply),
// --accept-data-loss (proceed despite data-loss warnings), --skip-generate.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { NO_FILTER, openSchemaEngine } from '../../server/src/db/schema-engine.js';
import { DEFAULT_MIGRATIONS_DIR, SCHEMA_PATH, readMigrationsList } from '../../server/src/db/migrate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_URL = 'postgresql://postgres@127.0.0.1:5432/pano_dev';

const KNOWN_FLAGS = new Set(['--create-only', '--accept-data-loss', '--skip-generate']);

function parseArgs(argv: string[]) {
  let name: string | undefined;
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--name' || a === '-n') name = argv[++i];
    else if (a.startsWith('--name=')) name = a.slice('--name='.length);
    else if (KNOWN_FLAGS.has(a)) flags.add(a);
    else throw new Error(`unexpected argument "${a}"`);
  }
  return { name: name?.trim(), flags };
}

// `prisma migrate dev` creates the development database when it is missing.
async function ensureDatabase(url: string) {
  const dbName = decodeURIComponent(new URL(url).pathname.slice(1));
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE "${dbName.replaceAll('"', '""')}"`);
      console.log(`Created database "${dbName}".`);
    }
  } finally {
    await admin.end();
  }
}

async function main(): Promise<number> {
  const { name, flags } = parseArgs(process.argv.slice(2));
  if (!name) {
    console.error('A migration name is required: npm run db:migrate -- --name <what-changed>');
    return 1;
  }
  const url = process.env.DATABASE_URL || DEFAULT_URL;
  const dir = DEFAULT_MIGRATIONS_DIR;
  const shown = new URL(url);
  shown.password = shown.password ? '***' : '';
  console.log(`Database: ${shown.toString()}`);
  await ensureDatabase(url);

  const schema = await readFile(SCHEMA_PATH, 'utf8');
  const files = [{ path: 'schema.prisma', content: schema }];
  let h = await openSchemaEngine({ kind: 'postgres', url }, schema);
  try {
    // Must come first: it replays the history on a shadow database, which
    // createMigration then reuses.
    const diagnose = async () => (await h.engine.devDiagnostic({ migrationsList: await readMigrationsList(dir), filters: NO_FILTER })).action;
    const action = await diagnose();
    if (action.tag === 'reset') {
      console.error(`The development database must be reset: ${action.reason}`);
      console.error('Drop and recreate it (all its data is lost), then run this again.');
      return 1;
    }

    const pending = await h.engine.applyMigrations({ migrationsList: await readMigrationsList(dir), filters: NO_FILTER });
    for (const m of pending.appliedMigrationNames) console.log(`Applied pending migration ${m}`);
    if (pending.appliedMigrationNames.length) {
      // An engine that has applied migrations no longer has its shadow database, and the WASM
      // engine cannot ask for another ('shadow DB must be provided through an external
      // factory'): the rest runs on a fresh engine, as a second run of this command did.
      await h.close();
      h = await openSchemaEngine({ kind: 'postgres', url }, schema);
      await diagnose();
    }
    const { engine } = h;

    const list = await readMigrationsList(dir);
    const loss = await engine.evaluateDataLoss({ migrationsList: list, schema: { files }, filters: NO_FILTER });
    if (loss.unexecutableSteps.length) {
      console.error('This change cannot be applied to the existing data:');
      for (const s of loss.unexecutableSteps) console.error(`  • ${s.message}`);
      return 1;
    }
    if (loss.warnings.length) {
      console.warn('Warnings:');
      for (const w of loss.warnings) console.warn(`  • ${w.message}`);
      if (!flags.has('--accept-data-loss')) {
        console.error('Re-run with --accept-data-loss to create the migration anyway.');
        return 1;
      }
    }

    const created = await engine.createMigration({
      draft: false,
      migrationName: name,
      migrationsList: list,
      schema: { files },
      filters: NO_FILTER,
    });
    if (created.migrationScript === null) {
      console.log('Already in sync: schema.prisma has no changes since the last migration. Nothing written.');
      return 0;
    }
    const migDir = path.join(dir, created.generatedMigrationName);
    if (existsSync(migDir)) throw new Error(`The migration directory already exists at ${migDir}`);
    await mkdir(migDir, { recursive: true });
    await writeFile(path.join(migDir, `migration.${created.extension}`), created.migrationScript, 'utf8');
    // Same text as Prisma's CLI writes.
    await writeFile(
      path.join(dir, list.lockfile.path),
      `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${created.connectorType}"\n`,
      'utf8',
    );
    console.log(`Created ${path.relative(root, path.join(migDir, `migration.${created.extension}`))}`);

    if (flags.has('--create-only')) return 0;
    const applied = await engine.applyMigrations({ migrationsList: await readMigrationsList(dir), filters: NO_FILTER });
    for (const m of applied.appliedMigrationNames) console.log(`Applied ${m}`);
  } finally {
    await h.close();
  }

  if (!flags.has('--skip-generate')) {
    execFileSync(process.execPath, [path.join(root, 'scripts/prisma-generate.mjs')], { cwd: root, stdio: 'inherit' });
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : JSON.stringify(err, null, 2));
    process.exit(1);
  },
);
