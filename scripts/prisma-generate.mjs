// Runs `prisma generate` offline. Prisma's CLI insists on a DATABASE_URL to load
// prisma.config.ts and on a schema-engine binary path it only checks for existence
// (it never runs it for generate); without them it tries to download an engine.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, 'node_modules/prisma/build/index.js');
// A production install (npm ci --omit=dev --omit=optional) has no Prisma CLI and needs none:
// the built server (server/dist) carries the generated client.
if (!existsSync(cli)) {
  console.log('prisma generate skipped: the Prisma CLI is not installed (production install)');
  process.exit(0);
}
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL || 'postgresql://localhost:5432/unused',
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};
execFileSync(process.execPath, [cli, 'generate'], { cwd: root, env, stdio: 'inherit' });
