// Prisma's schema engine compiled to WebAssembly, driven through a JS driver adapter.
// We use it because the `prisma migrate` CLI needs a native engine binary that these
// machines cannot download (see docs/architecture/storage.md#migrations).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg';

export type SchemaEngine = bg.SchemaEngine;
export type MigrationList = bg.MigrationList;
export type SchemaFilter = bg.SchemaFilter;
export type SchemasContainer = bg.SchemasContainer;

export const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };

export type EngineTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; pglite: PGlite };

/**
 * Whether the WASM is started, and whose turn it is (see openSchemaEngine). Both are kept on
 * globalThis: a test run loads this file once per project, yet the package (and the `bg`
 * glue it holds the WASM in) once; a second instance swapped in under a live engine broke it
 * ('The encoded data was not valid for encoding utf-8' when two projects' setups migrated).
 */
const ENGINE_STATE = Symbol.for('pano.schemaEngine');
const shared = globalThis as typeof globalThis & { [ENGINE_STATE]?: { started: boolean; turn: Promise<void> } };
const engineState = (shared[ENGINE_STATE] ??= { started: false, turn: Promise.resolve() });

// The package's own entry does `import './schema_engine_bg.wasm'`, which plain Node
// cannot load, and its exports map hides the .wasm file; so instantiate it by hand.
function startWasm(): void {
  if (engineState.started) return;
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
  const mod = new WebAssembly.Module(readFileSync(path.join(dir, 'schema_engine_bg.wasm')));
  const instance = new WebAssembly.Instance(mod, { './schema_engine_bg.js': bg as unknown as WebAssembly.ModuleImports });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  engineState.started = true;
}

// PostgreSQL's internal `"char"` type (OID 18, e.g. pg_class.relkind) shows up in the
// engine's catalog queries, and adapter-pg 7.10.1 rejects it as unsupported. Its text
// form is a plain string, so report it as text (OID 25).
const CHAR_OID = 18;
const TEXT_OID = 25;
type FieldsCarrier = { fields?: { dataTypeID: number }[] };
function charAsText<T>(result: T): T {
  for (const r of (Array.isArray(result) ? result : [result]) as FieldsCarrier[]) {
    for (const f of r?.fields ?? []) if (f.dataTypeID === CHAR_OID) f.dataTypeID = TEXT_OID;
  }
  return result;
}
class CharAsTextClient extends pg.Client {
  // pg-pool calls query(config, values, callback); the adapter's transactions call the
  // promise form. Wrap both.
  override query(...args: unknown[]): never {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      const cb = last as (err: unknown, res: unknown) => void;
      const rest = args.slice(0, -1);
      return (super.query as (...a: unknown[]) => unknown)(...rest, (err: unknown, res: unknown) =>
        cb(err, err ? res : charAsText(res)),
      ) as never;
    }
    const out = (super.query as (...a: unknown[]) => unknown)(...args);
    return (out instanceof Promise ? out.then(charAsText) : out) as never;
  }
}

function pgPool(url: string): pg.Pool {
  return new pg.Pool({ connectionString: url, Client: CharAsTextClient });
}

// adapter-pg's executeScript splits on ';' (breaks dollar-quoted bodies and string
// literals) and sends each piece to any pool connection. Send the whole script as one
// simple query instead, like the native engine: a query without parameters uses
// PostgreSQL's simple protocol, which accepts many statements.
function wholeScript(adapter: SqlDriverAdapter): SqlDriverAdapter {
  adapter.executeScript = async (script: string) => {
    await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
  };
  return adapter;
}

type Cleanup = () => Promise<void>;

function postgresFactory(url: string, cleanups: Cleanup[]): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    async connect() {
      const pool = pgPool(url);
      cleanups.push(() => pool.end());
      return wholeScript(await new PrismaPg(pool).connect());
    },
    // adapter-pg's own connectToShadowDb drops the shadow database while its pool is
    // still connected (fails: "being accessed by other users") and cannot point a
    // connection string at another database; so manage the shadow database here.
    async connectToShadowDb() {
      const name = `prisma_migrate_shadow_db_${randomUUID().replaceAll('-', '')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
      } finally {
        await admin.end();
      }
      const shadowUrl = new URL(url);
      shadowUrl.pathname = `/${name}`;
      const pool = pgPool(shadowUrl.toString());
      let dropped = false;
      const drop = async () => {
        if (dropped) return;
        dropped = true;
        await pool.end();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try {
          await c.query(`DROP DATABASE IF EXISTS "${name}"`);
        } finally {
          await c.end();
        }
      };
      cleanups.push(drop);
      const adapter = wholeScript(await new PrismaPg(pool).connect());
      adapter.dispose = drop;
      return adapter;
    },
  };
}

function pgliteFactory(db: PGlite, cleanups: Cleanup[]): SqlMigrationAwareDriverAdapterFactory {
  // pglite-prisma-adapter's executeScript does not await PGlite.exec (errors escape as
  // unhandled rejections and the engine thinks the script succeeded); PGlite.exec
  // takes many statements, so await it directly.
  const fixScript = (adapter: SqlDriverAdapter, client: PGlite): SqlDriverAdapter => {
    adapter.executeScript = async (script: string) => {
      try {
        await client.exec(script);
      } catch (e) {
        (adapter as unknown as { onError(e: unknown): never }).onError(e);
      }
    };
    return adapter;
  };
  return {
    provider: 'postgres',
    adapterName: 'pglite-prisma-adapter',
    async connect() {
      // The caller owns `db` (the app's PrismaClient uses it too): never close it.
      return fixScript(await new PrismaPGlite(db).connect(), db);
    },
    // The adapter's shadow is a PGlite it never closes; use our own and close it.
    async connectToShadowDb() {
      const shadow = await PGlite.create();
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await shadow.close();
      };
      cleanups.push(close);
      const adapter = fixScript(await new PrismaPGlite(shadow).connect(), shadow);
      adapter.dispose = close;
      return adapter;
    },
  };
}

export type EngineHandle = {
  engine: SchemaEngine;
  /** Frees the engine and closes every connection and shadow database it opened. */
  close(): Promise<void>;
};

/**
 * A WASM schema engine for `schemaText` (schema.prisma's content) over the target
 * database. Always call close(): the engine does not release its connections itself. One
 * engine at a time in a process: every engine runs in the one WASM instance, and two at once
 * would share its memory.
 */
export async function openSchemaEngine(
  target: EngineTarget,
  schemaText: string,
  log: (msg: string) => void = () => {},
): Promise<EngineHandle> {
  const previous = engineState.turn;
  let release!: () => void;
  engineState.turn = new Promise<void>((r) => { release = r; });
  await previous;
  const cleanups: Cleanup[] = [];
  try {
    startWasm();
    const factory =
      target.kind === 'postgres' ? postgresFactory(target.url, cleanups) : pgliteFactory(target.pglite, cleanups);
    const engine = await bg.SchemaEngine.new(
      { datamodels: [['schema.prisma', schemaText]] },
      log,
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    return {
      engine,
      async close() {
        try {
          engine.free();
          for (const c of cleanups.reverse()) await c().catch(() => {});
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    for (const c of cleanups.reverse()) await c().catch(() => {});
    release();
    throw err;
  }
}
