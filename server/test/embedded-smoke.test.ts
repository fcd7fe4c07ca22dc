import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZLoginResponse, ZPackage, ZVerifyResponse } from '@pano/contract';
import { loadConfig } from '../src/config/env.js';
import { startServer, type RunningServer } from '../src/server.js';

// The embedded mode: no env at all, an empty data folder, PGlite in-process.
describe('embedded mode from an empty folder', () => {
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-embedded-'));
    server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates PGlite, seeds the catalogue and serves the API', async () => {
    expect(server.database.mode).toBe('embedded');
    expect(await readdir(path.join(dataDir, 'pg'))).not.toHaveLength(0);

    const packages = ZPackage.array().parse(await (await fetch(`${server.url}/api/packages`)).json());
    expect(packages).toHaveLength(4);
    expect(packages[0]).toMatchObject({ price: 0, name: 'Ücretsiz Deneme' });

    const email = 'ilk@musteri.com';
    const reg = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'secret123' }),
    });
    expect(reg.status).toBe(201);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'secret123' }),
    });
    const session = ZLoginResponse.parse(await login.json());
    expect(session.user.email).toBe(email);
    // A session is read with one raw query (http/authenticate.ts): PGlite answers it as PostgreSQL does.
    const verify = await fetch(`${server.url}/api/auth/verify`, { headers: { Authorization: `Bearer ${session.token}` } });
    expect(ZVerifyResponse.parse(await verify.json()).user.account).toEqual({ ...session.user.account, role: 'owner' });
  });

  it('sends /player to /player/, where the player service worker is scoped', async () => {
    const res = await fetch(`${server.url}/player?x=1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/player/?x=1');
  });

  it('keeps its JWT secret in the data folder so tokens survive a restart', async () => {
    expect(await readdir(dataDir)).toContain('jwt-secret');
  });
});
