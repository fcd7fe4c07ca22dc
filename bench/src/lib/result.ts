/** One row of the results table (and of latest.json). */
export type FigureRow = {
  id: string;
  figure: string;
  /** What the run printed, with units. */
  value: string;
  baseline: string;
  /** The compared ratio (value ÷ baseline), when the goal is relative. */
  ratio: number | null;
  goal: string;
  pass: boolean | null;
  /** Counts actually run, and anything needed to read the figure. */
  note: string;
  detail?: unknown;
};

export const ms = (v: number) => `${Number.isFinite(v) ? v.toFixed(v < 10 ? 1 : 0) : 'n/a'} ms`;
export const ratioOf = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? Number((a / b).toFixed(2)) : null);
