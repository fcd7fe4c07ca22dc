// Type-checks every workspace that has a tsconfig.json (TypeScript strict everywhere).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const workspaces = ['contract', 'server', 'web', 'player', 'e2e', 'bench', 'scripts'];
let failed = false;
for (const ws of workspaces) {
  if (!existsSync(`${ws}/tsconfig.json`)) continue;
  try {
    execFileSync('npx', ['tsc', '-p', `${ws}/tsconfig.json`], { stdio: 'inherit' });
    console.log(`typecheck ${ws}: ok`);
  } catch {
    failed = true;
    console.error(`typecheck ${ws}: failed`);
  }
}
process.exit(failed ? 1 : 0);
