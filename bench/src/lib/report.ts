import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Machine } from './machine.js';
import type { Counts } from './modes.js';
import type { FigureRow } from './result.js';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const docPath = path.resolve(benchDir, '../docs/PERFORMANCE.md');
const START = '<!-- bench:table:start -->';
const END = '<!-- bench:table:end -->';

export type RunReport = { date: string; counts: Counts; machine: Machine; rows: FigureRow[]; errors: string[]; seconds: number };

const verdict = (r: FigureRow) => (r.pass === null ? '—' : r.pass ? 'met' : '**missed**');
const cell = (s: string) => s.replace(/\|/g, '\\|');

export function table(rep: RunReport): string {
  const m = rep.machine;
  const machine = `${m.cores} cores, ${m.memoryGb} GB, Node ${m.node.replace(/^v/, '')}`;
  const lines = [
    `Run: \`npm run bench -- --${rep.counts.mode}\`, ${rep.date}, ${rep.seconds} s; load average at start ${m.loadAvg.join(' / ')} (${m.cpu}).`,
    '',
    '| # | figure | value | baseline (same run) | ratio | goal | result | machine | date |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rep.rows.map((r) => `| ${r.id} | ${cell(r.figure)} | ${cell(r.value)} | ${cell(r.baseline)} | ${r.ratio ?? '—'} | ${cell(r.goal)} | ${verdict(r)} | ${machine} | ${rep.date.slice(0, 10)} |`),
    '',
    'How each row was measured (counts actually run):',
    '',
    ...rep.rows.map((r) => `- **${r.id} ${cell(r.figure)}**: ${r.note}`),
    ...(rep.errors.length ? ['', 'Figures that failed to run:', '', ...rep.errors.map((e) => `- ${e}`)] : []),
  ];
  return lines.join('\n');
}

export async function writeReport(rep: RunReport): Promise<void> {
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  await writeFile(path.join(benchDir, 'results/latest.json'), `${JSON.stringify(rep, null, 2)}\n`);
  // Only the generated block of PERFORMANCE.md is replaced; the prose around it is kept.
  const doc = await readFile(docPath, 'utf8').catch(() => `# Performance\n\n${START}\n${END}\n`);
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  const next = start !== -1 && end > start
    ? `${doc.slice(0, start + START.length)}\n${table(rep)}\n${doc.slice(end)}`
    : `${doc.trimEnd()}\n\n${START}\n${table(rep)}\n${END}\n`;
  await writeFile(docPath, next);
}

export function printRows(rows: FigureRow[]): void {
  for (const r of rows) {
    console.log(`${r.id.padEnd(3)} ${r.figure}\n      value ${r.value} | baseline ${r.baseline} | ratio ${r.ratio ?? '—'} | goal ${r.goal} | ${r.pass === null ? '—' : r.pass ? 'met' : 'MISSED'}`);
  }
}
