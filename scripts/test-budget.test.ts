import { describe, expect, it } from 'vitest';
import { budgetMs, overBudget } from './test-budget';

describe('the per-test time budget', () => {
  it('is 15 s while the load average is at most the core count', () => {
    expect(budgetMs(0.3, 2)).toBe(15_000);
    expect(budgetMs(2, 2)).toBe(15_000);
    expect(overBudget(15_000, 1, 2)).toBeNull();
  });

  it('fails a test over 15 s on a quiet machine, naming the time and what to do', () => {
    expect(overBudget(15_001, 1, 2)).toBe('this test took 15.0 s, over its budget of 15.0 s (15 s, at load 1.0 on 2 cores): '
      + 'split it into focused tests or make its setup cheaper (docs/architecture/tests.md#tests)');
    expect(overBudget(45_000, 0.5, 2)).toContain('took 45.0 s');
  });

  it('grows in proportion to the load beyond one process per core', () => {
    expect(budgetMs(6, 2)).toBe(45_000);
    expect(overBudget(40_000, 6, 2)).toBeNull();
    expect(overBudget(46_000, 6, 2)).toContain('over its budget of 45.0 s (15 s, at load 6.0 on 2 cores)');
  });
});
