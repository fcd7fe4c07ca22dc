import { Buffer } from 'node:buffer';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express, { type Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.mjs';
import { createTestApp, newCustomer, type TestApp } from '../../test/harness.js';
import { makeMedia, makePlaylist, makeScreen } from '../modules/screens/content.fixtures.js';
import { JSON_COMPRESSION_THRESHOLD } from './json-compression.js';
import { mountBuiltApp } from './static.js';

type Answer = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer; body: Buffer };

/** A GET as a browser sends it, with the body as it came over the wire (and decoded beside it). */
async function get(app: Express, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<Answer>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body });
        });
      }).on('error', reject);
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const CHROME = 'gzip, deflate, br, zstd';

describe('a built app: files precompressed at build time, cached by whether their name is hashed', () => {
  // What vite writes: index.html, hashed files under assets/, public files under their own names.
  const dist = mkdtempSync(path.join(os.tmpdir(), 'pano-dist-'));
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"satır ${i}"`).join(',')}];\n`;
  const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/index-DW5S_Xr-.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
  const robots = `User-agent: *\n${'Disallow: /api/\n'.repeat(100)}`;
  const png = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
  let app: Express;

  beforeAll(() => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), indexHtml);
    writeFileSync(path.join(dist, 'assets/index-DW5S_Xr-.js'), script);
    writeFileSync(path.join(dist, 'assets/icon-Ab12Cd34.png'), png);
    writeFileSync(path.join(dist, 'robots.txt'), robots);
    writeFileSync(path.join(dist, '.inputs-hash'), `${'a'.repeat(64)}\n`.repeat(40));
    precompressDir(dist);
    app = express();
    mountBuiltApp(app, '/', dist);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('sends the brotli copy when brotli is accepted, with the type of the original', async () => {
    const res = await get(app, '/assets/index-DW5S_Xr-.js', { 'Accept-Encoding': CHROME });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.toString()).toBe(script);
    expect(res.raw.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(Number(res.headers['content-length'])).toBe(res.raw.length);
  });

  it('sends the gzip copy when only gzip is accepted, or gzip is preferred by q-value', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0.5, gzip', 'br;q=0, *']) {
      const res = await get(app, '/assets/index-DW5S_Xr-.js', { 'Accept-Encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.body.toString()).toBe(script);
    }
  });

  it('sends the file itself when neither is accepted, still saying that the answer varies', async () => {
    for (const headers of [{} as Record<string, string>, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'deflate' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }]) {
      const res = await get(app, '/assets/index-DW5S_Xr-.js', headers);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.raw.toString()).toBe(script);
    }
  });

  it('caches hashed assets for a year, immutable, whichever copy is sent', async () => {
    for (const accept of [CHROME, 'gzip', 'identity']) {
      const res = await get(app, '/assets/index-DW5S_Xr-.js', { 'Accept-Encoding': accept });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const image = await get(app, '/assets/icon-Ab12Cd34.png', { 'Accept-Encoding': CHROME });
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Not a text format: no copies, sent as it is.
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.raw.equals(png)).toBe(true);
  });

  it('makes browsers revalidate index.html and the files with fixed names, so a deploy is seen at once', async () => {
    for (const url of ['/', '/index.html', '/media', '/playlists/abc']) {
      const res = await get(app, url, { 'Accept-Encoding': CHROME });
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.body.toString()).toBe(indexHtml);
    }
    const plain = await get(app, '/media');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.raw.toString()).toBe(indexHtml);

    const robotsRes = await get(app, '/robots.txt', { 'Accept-Encoding': 'gzip' });
    expect(robotsRes.headers['cache-control']).toBe('no-cache');
    expect(robotsRes.headers['content-encoding']).toBe('gzip');
    expect(robotsRes.headers['content-type']).toMatch(/^text\/plain/);
    expect(robotsRes.body.toString()).toBe(robots);
  });

  it('serves nothing outside the app or from its dotfiles, compressed or not: those paths are app routes', async () => {
    for (const url of ['/.inputs-hash', '/.inputs-hash.br', '/..%2f..%2fetc%2fpasswd', '/assets/%2e%2e/.inputs-hash']) {
      for (const accept of [CHROME, 'identity']) {
        const res = await get(app, url, { 'Accept-Encoding': accept });
        expect(res.body.toString(), url).toBe(indexHtml);
      }
    }
  });
});

describe('JSON answers', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it(`are compressed from ${JSON_COMPRESSION_THRESHOLD} bytes on, as the client accepts`, async () => {
    const u = await newCustomer(t, { maxPlaylists: 12 });
    const media = await makeMedia(t, u.id);
    for (let i = 0; i < 10; i += 1) {
      const created = await t.http.post('/api/playlists').set(u.auth).send({ name: `Vitrin listesi ${i}`, mediaItems: [{ media: media.id }] });
      expect(created.status).toBe(201);
    }
    const br = await get(t.app, '/api/playlists', { ...u.auth, 'Accept-Encoding': CHROME });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.body.length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD);
    expect(br.raw.length).toBeLessThan(br.body.length / 2);
    expect(JSON.parse(br.body.toString())).toHaveLength(10);

    const gzip = await get(t.app, '/api/playlists', { ...u.auth, 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(br.body)).toBe(true);

    const identity = await get(t.app, '/api/playlists', u.auth);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.raw.equals(br.body)).toBe(true);
  });

  it('include the API reference page (/api/docs), several hundred KB of HTML', async () => {
    const br = await get(t.app, '/api/docs', { 'Accept-Encoding': CHROME });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.raw.length).toBeLessThan(br.body.length / 5);
    expect(br.body.toString()).toContain('/api/alerts/cap');
  });

  it('are sent as they are below the threshold', async () => {
    const u = await newCustomer(t);
    const media = await makeMedia(t, u.id);
    expect((await t.http.post('/api/playlists').set(u.auth).send({ name: 'Tek', mediaItems: [{ media: media.id }] })).status).toBe(201);
    const small = await get(t.app, '/api/playlists', { ...u.auth, 'Accept-Encoding': CHROME });
    expect(small.status).toBe(200);
    expect(small.raw.length).toBeLessThan(JSON_COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.raw.toString())).toHaveLength(1);
  });

  it("leave out the screen config players fetch all at once after a push: it is sent as it is", async () => {
    const u = await newCustomer(t);
    const media = await Promise.all(Array.from({ length: 12 }, (_, i) => makeMedia(t, u.id, 'image', `Kampanya ${i}`)));
    const playlist = await makePlaylist(t, u.id, media.map((m) => ({ mediaId: m.id })));
    const screen = await makeScreen(t, u.id, { currentPlaylistId: playlist.id });
    const res = await get(t.app, `/api/screens/${screen.id}/config`, { ...u.auth, 'Accept-Encoding': CHROME });
    expect(res.status).toBe(200);
    expect(res.raw.length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
