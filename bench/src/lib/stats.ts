export type Summary = { n: number; p50: number; p99: number; max: number };

/** Nearest-rank percentile of already sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
}

export const round = (v: number, digits = 1): number => (Number.isFinite(v) ? Number(v.toFixed(digits)) : v);
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
