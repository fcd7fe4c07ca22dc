import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { TUS_CHUNK_BYTES } from '@pano/contract';
import { loadConfig } from '../src/config/env.js';
import { repoRoot } from '../src/repo-root.js';

// The container files cannot be run here (no Docker engine), so what they promise is read
// from them: docs/OPERATIONS.md#container.
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** The Dockerfile's instructions, continuation lines joined. */
function instructions(text: string): { op: string; args: string }[] {
  return text.replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
    .map((l) => ({ op: l.split(/\s+/)[0]!.toUpperCase(), args: l.slice(l.split(/\s+/)[0]!.length).trim() }));
}

describe('Dockerfile', () => {
  const steps = instructions(read('Dockerfile'));
  const args = Object.fromEntries(steps.filter((s) => s.op === 'ARG').map((s) => s.args.split('=') as [string, string]));
  const images = steps.filter((s) => s.op === 'FROM').map((s) => s.args.split(/\s+/)[0]!.replace(/^\$\{(\w+)\}$/, (_, name: string) => args[name] ?? name));
  const final = steps.slice(steps.map((s) => s.op).lastIndexOf('FROM'));

  it('builds on a Node LTS line in several stages; the last one runs node under an init, as a non-root user', () => {
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images.filter((i) => i.startsWith('node:'))) {
      const major = Number(/^node:(\d+)/.exec(image)?.[1]);
      // Even majors are the LTS lines; 20 reached its end of life in April 2026.
      expect(major % 2, image).toBe(0);
      expect(major, image).toBeGreaterThanOrEqual(22);
    }
    expect(images.at(-1)).toMatch(/^node:\d+-.*slim/);
    expect(final.find((s) => s.op === 'USER')?.args).toBe('node');
    expect(JSON.parse(final.find((s) => s.op === 'ENTRYPOINT')!.args)).toEqual(['/usr/bin/tini', '--']);
    const cmd = JSON.parse(final.find((s) => s.op === 'CMD')!.args) as string[];
    expect(cmd[0]).toBe('node');
    expect(cmd.at(-1)).toBe('server/dist/main.js');
  });

  it('installs dependencies from the manifests alone, before the sources, and ships production dependencies only', () => {
    const copies = steps.map((s, i) => ({ ...s, i })).filter((s) => s.op === 'COPY');
    const sources = copies.find((s) => s.args === '. .')!;
    const installs = steps.map((s, i) => ({ ...s, i })).filter((s) => s.op === 'RUN' && s.args.includes('npm ci'));
    expect(installs.length).toBe(2);
    for (const install of installs) expect(install.i).toBeLessThan(sources.i);
    expect(copies.filter((s) => s.i < sources.i).map((s) => s.args).join(' ')).toContain('package-lock.json');
    expect(installs.some((s) => /--omit=dev\b/.test(s.args))).toBe(true);
    // The runtime stage takes node_modules from the production install, the rest from the build.
    expect(final.filter((s) => s.op === 'COPY' && s.args.includes('--from=build')).map((s) => s.args)).not.toContainEqual(expect.stringContaining('node_modules'));
    expect(final.find((s) => s.op === 'COPY' && s.args.startsWith('--from=prod-deps'))).toBeDefined();
  });

  it('keeps in the production install the optional packages that carry sharp\'s and @napi-rs/canvas\'s native binaries', () => {
    // The lockfile marks each platform's binary package optional; `--omit=optional` would drop
    // them, and sharp (thumbnails) and @napi-rs/canvas (PDF pages) would fail to load at run time.
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { optional?: boolean }> };
    const binaries = Object.entries(lock.packages)
      .filter(([where, meta]) => meta.optional && /node_modules\/(@img\/sharp-linux-x64|@napi-rs\/canvas-linux-x64-gnu)$/.test(where));
    expect(binaries.map(([where]) => where.replace(/^.*node_modules\//, '')).sort()).toEqual(['@img/sharp-linux-x64', '@napi-rs/canvas-linux-x64-gnu']);
    const production = steps.filter((s) => s.op === 'RUN' && /npm ci\b.*--omit=dev\b/.test(s.args));
    expect(production).toHaveLength(1);
    expect(production[0]!.args).not.toMatch(/--omit=optional|--no-optional/);
  });

  it('checks health on /readyz', () => {
    const health = final.find((s) => s.op === 'HEALTHCHECK')!.args;
    expect(health).toContain('/readyz');
  });
});

describe('docker-compose.yml', () => {
  const compose = read('docker-compose.yml');

  it('is accepted by docker-compose when it is installed (.ci/run installs it)', async () => {
    expect(read('.ci/run')).toContain('docker-compose');
    // Compose v1 (docker-compose 1.x) refuses a top-level `name`.
    expect(compose).not.toMatch(/^name:/m);
    const found = await promisify(execFile)('docker-compose', ['version']).then(() => true, () => false);
    if (!found) return;
    const { stdout } = await promisify(execFile)('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
      cwd: repoRoot, env: { ...process.env, JWT_SECRET: 'x'.repeat(32) },
    });
    expect(stdout).toContain('--appendonly');
  });

  it('keeps Redis persistent, starts the worker with node, and gives shutdown time to drain', () => {
    expect(compose).toMatch(/redis-server", "--appendonly", "yes"/);
    expect(compose).toContain('command: ["node", "--enable-source-maps", "server/dist/worker.js"]');
    // Docker's default is 10 s; the server drains for SHUTDOWN_TIMEOUT_S (25 s) first.
    expect(compose.match(/stop_grace_period: 30s/g)).toHaveLength(2);
    expect(compose).toContain('PAYMENTS: ${PAYMENTS:-}');
  });

  it('keeps every stored file in MinIO: the API replicas and the worker use its bucket and share no volume', async () => {
    const found = await promisify(execFile)('docker-compose', ['version']).then(() => true, () => false);
    if (!found) return;
    const { stdout } = await promisify(execFile)('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
      cwd: repoRoot, env: { ...process.env, JWT_SECRET: 'x'.repeat(32) },
    });
    // docker-compose config prints the services resolved, each a block indented by two spaces.
    const services = stdout.slice(stdout.indexOf('services:'), stdout.search(/^volumes:/m));
    const block = (name: string) => new RegExp(`^  ${name}:\\n((?:    .*\\n|      .*\\n)*)`, 'm').exec(services)?.[1] ?? '';
    expect(block('minio')).toMatch(/image: minio\/minio/);
    expect(block('bucket')).toMatch(/mc mb --ignore-existing pano\/pano/);
    for (const name of ['api', 'worker']) {
      const service = block(name);
      expect(service, name).toContain('STORAGE_URL: s3://pano?endpoint=http://minio:9000&region=us-east-1&forcePathStyle=true');
      expect(service, name).toMatch(/bucket:\n\s+condition: service_completed_successfully/);
      expect(service, name).not.toMatch(/^ {4}volumes:/m);
    }
    // The URL the replicas get is one the server accepts, with the keys MinIO was started with.
    const env = Object.fromEntries([...block('api').matchAll(/^ {6}(STORAGE_URL|S3_ACCESS_KEY_ID|S3_SECRET_ACCESS_KEY|MEDIA_PUBLIC_URL): (.*)$/gm)].map((m) => [m[1], m[2]]));
    expect(loadConfig({ ...env, DATA_DIR: '/data' }).storage).toMatchObject({ kind: 's3', bucket: 'pano', endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(block('minio')).toContain(`MINIO_ROOT_USER: ${env.S3_ACCESS_KEY_ID}`);
  });
});

describe('deploy/nginx.conf', () => {
  it('resolves the API replicas again at run time instead of once at start', () => {
    const conf = read('deploy/nginx.conf').replace(/#.*$/gm, '');
    expect(conf).toMatch(/resolver 127\.0\.0\.11 valid=\d+s/);
    expect(conf).toMatch(/set \$pano_api http:\/\/api:3000;/);
    expect(conf).toMatch(/proxy_pass \$pano_api;/);
    expect(conf).not.toMatch(/upstream\s/);
  });

  it('caps request bodies at 100 MB, streamed on unbuffered: the dashboard\'s tus PATCHes are at most half of it', () => {
    const conf = read('deploy/nginx.conf').replace(/#.*$/gm, '');
    expect(conf).toMatch(/^\s*client_max_body_size 100m;/m);
    expect(conf).toMatch(/^\s*proxy_request_buffering off;/m);
    expect(TUS_CHUNK_BYTES).toBeLessThanOrEqual(50 * 1024 * 1024);
  });

  it('does not pass /metrics on to the public', () => {
    const conf = read('deploy/nginx.conf').replace(/#.*$/gm, '');
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;\s*\}/);
  });

  it('compresses proxied JavaScript, CSS, JSON and SVG the API sent uncompressed, and keeps the proxy headers', () => {
    const conf = read('deploy/nginx.conf').replace(/#.*$/gm, '');
    expect(conf).toMatch(/^\s*gzip on;/m);
    // nginx's default (off) compresses no answer that came from an upstream.
    expect(conf).toMatch(/^\s*gzip_proxied any;/m);
    expect(conf).toMatch(/^\s*gzip_vary on;/m);
    const types = /gzip_types ([^;]+);/.exec(conf)?.[1]?.split(/\s+/) ?? [];
    expect(types).toEqual(expect.arrayContaining(['text/javascript', 'application/javascript', 'text/css', 'application/json', 'image/svg+xml']));
    for (const header of ['Host $host', 'X-Forwarded-For $proxy_add_x_forwarded_for', 'X-Forwarded-Proto $scheme', 'Upgrade $http_upgrade']) {
      expect(conf).toContain(`proxy_set_header ${header};`);
    }
  });
});
