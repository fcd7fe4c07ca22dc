import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freePort, operatorEnv } from '../src/cli/pano-process.fixtures.js';
import { groupMembers, spawnGroup, type GroupProcess } from './process-group.fixtures.js';

// The server as the image runs it: `node server/dist/main.js`, no TypeScript compiler in the
// process. Prisma's generated client, its query compiler and PGlite's wasm must all be found.
describe('the built server under plain node', () => {
  let app: GroupProcess | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    app?.killGroup();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  let port: number;
  async function boot(env: Record<string, string>) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-built-'));
    port = await freePort();
    app = spawnGroup(process.execPath, ['server/dist/main.js'], operatorEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env }));
    await app.waitForOutput('Pano çalışıyor');
    const [server] = groupMembers(app.pid);
    expect(server?.cmdline).toBe(`${process.execPath} server/dist/main.js`);
    const environ = readFileSync(`/proc/${app.pid}/environ`, 'utf8').split('\0');
    expect(environ.filter((v) => v.startsWith('NODE_OPTIONS=') && v.includes('tsx'))).toEqual([]);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    return ready.json();
  }

  it('boots in embedded mode (PGlite) and is ready; NODE_ENV=production with PAYMENTS=dev is allowed', async () => {
    // Mail set up without PUBLIC_URL: its links would name this machine (docs/OPERATIONS.md#mail).
    expect(await boot({ NODE_ENV: 'production', PAYMENTS: 'dev', SMTP_URL: 'smtp://posta:gizli-sifre@127.0.0.1:2525' })).toMatchObject({ ready: true, checks: { database: 'up' } });
    expect(app!.output()).toContain('Veritabanı: gömülü veritabanı');
    expect(app!.output()).toContain('Posta: SMTP (127.0.0.1:2525)');
    expect(app!.output()).toContain(`UYARI: PUBLIC_URL ayarlanmamış: postalardaki bağlantılar http://localhost:${port} adresini gösterir`);
    expect(app!.output()).not.toContain('gizli-sifre');
    process.kill(app!.pid, 'SIGTERM');
    expect(await app!.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('boots with PostgreSQL and is ready', async () => {
    expect(await boot({ DATABASE_URL: inject('databaseUrl') })).toMatchObject({ ready: true, checks: { database: 'up' } });
    expect(app!.output()).toContain('Veritabanı: PostgreSQL');
    expect(app!.output()).toContain('Posta: gönderilmiyor');
    expect(app!.output()).not.toContain('UYARI: PUBLIC_URL');
    process.kill(app!.pid, 'SIGTERM');
    expect(await app!.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('cuts off a request still running after SHUTDOWN_TIMEOUT_S, and still exits 0', async () => {
    await boot({ DATABASE_URL: inject('databaseUrl'), SHUTDOWN_TIMEOUT_S: '1', LOG_LEVEL: 'info' });
    // A body announced but never sent: the request can only end by being cut off.
    const stuck = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => stuck.once('connect', resolve));
    stuck.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n');
    await new Promise<void>((resolve) => stuck.once('data', () => resolve())); // "100 Continue": the app has it
    const closed = new Promise<void>((resolve) => stuck.once('close', () => resolve()));
    process.kill(app!.pid, 'SIGTERM');
    expect(await app!.exited).toEqual({ code: 0, signal: null });
    await closed;
    expect(app!.output()).toContain('shutdown: requests still running after SHUTDOWN_TIMEOUT_S are cut off');
  }, 60_000);
});
