// Runs `prisma generate` offline. Prisma's CLI insists on a DATABASE_URL to load
// prisma.config.ts and on a schema-engine binary path it only checks for existence
// (it never runs it for generate); without them it tries to download an engine.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL || 'postgresql://localhost:5432/unused',
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};
execFileSync(process.execPath, [path.join(root, 'node_modules/prisma/build/index.js'), 'generate'], { cwd: root, env, stdio: 'inherit' });
