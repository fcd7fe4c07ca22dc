import os from 'node:os';
import { readFileSync } from 'node:fs';

export type Machine = { cores: number; memoryGb: number; node: string; cpu: string; loadAvg: number[] };

export function machineInfo(): Machine {
  return {
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    loadAvg: os.loadavg().map((v) => Number(v.toFixed(2))),
  };
}

/** Resident set size of another process, from /proc (Linux), in bytes. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}
