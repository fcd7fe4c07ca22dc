import { execFile, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/*
 * A guide's examples, run as a reader would run them (docs/INTEGRATIONS.md): each is a fenced block
 * right after a `<!-- run: name -->` comment, which renders as nothing. Shell blocks run in bash with
 * `-euo pipefail`, so a curl that fails (`--fail-with-body`) fails the block; a shell variable a
 * block assigns reaches the blocks after it, as in one terminal.
 */

export type GuideBlock = { name: string; lang: string; code: string; line: number };

const MARKER = /^<!-- run: ([\w-]+) -->$/;
const FENCE = /^```(\S*)\s*$/;

/** The marked blocks, in order, and the line numbers of shell blocks that carry no marker. */
export function guideBlocks(markdown: string): { blocks: GuideBlock[]; unmarkedShell: number[] } {
  const lines = markdown.split('\n');
  const blocks: GuideBlock[] = [];
  const unmarkedShell: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.trimEnd() === '```');
    if (end < 0) throw new Error(`line ${i + 1}: a code block that never closes`);
    const name = MARKER.exec(lines[i - 1] ?? '')?.[1];
    const lang = open[1] ?? '';
    if (name) blocks.push({ name, lang, code: lines.slice(i + 1, end).join('\n'), line: i + 1 });
    else if (/^(bash|sh|shell|console)$/.test(lang)) unmarkedShell.push(i + 1);
    i = end;
  }
  return { blocks, unmarkedShell };
}

/** The shell variables a block assigns at the start of a line (`NAME=…`), which later blocks use. */
export const assignedNames = (code: string) =>
  [...new Set([...code.matchAll(/^\s*(?:export\s+)?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!))];

const run = promisify(execFile);

/**
 * Runs a shell block in `cwd` with exactly `env` (and PATH); answers its output and the variables
 * it assigned. A failure says which block, its exit code, and what it printed.
 */
export async function runShellBlock(block: GuideBlock, env: Record<string, string>, cwd: string) {
  const names = assignedNames(block.code);
  const varsFile = path.join(cwd, '.guide-vars');
  // After the block: its variables, NUL-separated (a value may hold a newline), to a file of the test's.
  const trailer = names.length === 0 ? '' : `\nfor name in ${names.join(' ')}; do printf '%s=%s\\0' "$name" "\${!name}"; done > '${varsFile}'\n`;
  // HOME is `cwd`: each curl also says on stderr what it asked and what came back (a block's own
  // -w replaces it), so a failure names the call, not only its exit code.
  await writeFile(path.join(cwd, '.curlrc'), 'write-out = "%{stderr}HTTP %{http_code} %{method} %{url_effective}\\n"\n');
  try {
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', `${block.code}\n${trailer}`], {
      cwd, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, LANG: 'C.UTF-8', ...env }, timeout: 10_000,
    });
    const vars: Record<string, string> = {};
    if (names.length > 0) {
      for (const pair of (await readFile(varsFile, 'utf8')).split('\0').filter(Boolean)) {
        const at = pair.indexOf('=');
        vars[pair.slice(0, at)] = pair.slice(at + 1);
      }
    }
    return { stdout, vars };
  } catch (err) {
    const e = err as { code?: number | string; signal?: string; stdout?: string; stderr?: string };
    throw new Error(`The guide's block "${block.name}" (line ${block.line}) failed (${e.signal ?? `exit ${e.code}`}):\n${e.stderr ?? ''}\n${e.stdout ?? ''}`);
  }
}

export type RunningProgram = { lines: string[]; exited: () => number | null; stop: () => void };

/**
 * Starts a JavaScript block as a program of its own (`node`, an ES module), from `cwd` so its
 * imports resolve as in an installed project; its output is collected line by line.
 */
export function startNodeBlock(block: GuideBlock, env: Record<string, string>, cwd: string): RunningProgram {
  const child = spawn(process.execPath, ['--input-type=module', '-e', block.code], {
    cwd, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let rest = '';
  const collect = (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return { lines, exited: () => child.exitCode, stop: () => { child.kill(); } };
}
