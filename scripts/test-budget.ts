/**
 * How long one test may take: 15 s, so the suite stays quick to run and a slow test is split
 * into focused ones rather than growing (docs/architecture/tests.md#tests).
 */
export const TEST_BUDGET_MS = 15_000;

/**
 * The budget on a machine this busy. While the 1-minute load average is at most the number
 * of cores a test has the machine to itself and gets 15 s; beyond that every process gets a
 * smaller share of a core, so the budget grows in proportion rather than failing a test the
 * machine, not the code, made slow.
 */
export function budgetMs(loadAverage: number, cores: number): number {
  return Math.round(TEST_BUDGET_MS * Math.max(1, loadAverage / Math.max(1, cores)));
}

/** The failure message for a test over its budget, or null when it kept to it. */
export function overBudget(tookMs: number, loadAverage: number, cores: number): string | null {
  const budget = budgetMs(loadAverage, cores);
  if (tookMs <= budget) return null;
  return `this test took ${(tookMs / 1000).toFixed(1)} s, over its budget of ${(budget / 1000).toFixed(1)} s `
    + `(${TEST_BUDGET_MS / 1000} s, at load ${loadAverage.toFixed(1)} on ${cores} cores): split it into focused tests `
    + 'or make its setup cheaper (docs/architecture/tests.md#tests)';
}
