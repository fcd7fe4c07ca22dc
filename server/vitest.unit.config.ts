import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The server's fast tier: tests that need no PostgreSQL, Redis, child process or embedded
// database. Which ones those are is read from what each test file uses, so a new test lands
// in the right tier without a list to keep up (docs/architecture/tests.md#tests).
const NEEDS_SERVICES = /test\/harness|\.fixtures\.js|db\/client\.js|\/server\.js'|inject\(|child_process|redis|startServer|startLiveServer|from 'pg'|pglite/i;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(full);
    return e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const root = import.meta.dirname;
const unitTests = ['src', 'test'].flatMap((d) => testFiles(path.join(root, d)))
  .filter((f) => !NEEDS_SERVICES.test(readFileSync(f, 'utf8')))
  .map((f) => path.relative(root, f).split(path.sep).join('/'));

export default defineConfig({
  test: {
    name: 'server-unit',
    root,
    include: unitTests,
    environment: 'node',
    // A test over 15 s fails (docs/architecture/tests.md#tests).
    setupFiles: ['../scripts/test-budget.setup.ts'],
  },
});
