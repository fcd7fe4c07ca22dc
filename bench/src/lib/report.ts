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

/**
 * A complete run writes bench/results/latest.json and the table in PERFORMANCE.md; a partial one
 * (`--only`) writes bench/results/partial.json only, so a few re-measured figures never replace
 * the table of a complete run (they go into the prose sections, by hand, with their run).
 */
export async function writeReport(rep: RunReport, partial: boolean): Promise<string> {
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  const json = partial ? 'results/partial.json' : 'results/latest.json';
  await writeFile(path.join(benchDir, json), `${JSON.stringify(rep, null, 2)}\n`);
  if (partial) return `bench/${json} written (a partial run leaves docs/PERFORMANCE.md alone)`;
  // Only the generated block of PERFORMANCE.md is replaced; the prose around it is kept.
  const doc = await readFile(docPath, 'utf8').catch(() => `# Performance\n\n${START}\n${END}\n`);
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  const next = start !== -1 && end > start
    ? `${doc.slice(0, start + START.length)}\n${table(rep)}\n${doc.slice(end)}`
    : `${doc.trimEnd()}\n\n${START}\n${table(rep)}\n${END}\n`;
  await writeFile(docPath, next);
  return `bench/${json} and docs/PERFORMANCE.md written`;
}

export function printRows(rows: FigureRow[]): void {
  for (const r of rows) {
    console.log(`${r.id.padEnd(3)} ${r.figure}\n      value ${r.value} | baseline ${r.baseline} | ratio ${r.ratio ?? '—'} | goal ${r.goal} | ${r.pass === null ? '—' : r.pass ? 'met' : 'MISSED'}`);
  }
}
