import os from 'node:os';
import { afterEach, beforeEach } from 'vitest';
import { overBudget } from './test-budget';

// Every project's setup file: a test (with its beforeEach and afterEach hooks) that runs over
// the budget fails. beforeAll/afterAll setup is not counted; the config's hookTimeout bounds it.
const started = new Map<string, number>();

beforeEach((ctx) => {
  started.set(ctx.task.id, performance.now());
});

afterEach((ctx) => {
  const took = performance.now() - (started.get(ctx.task.id) ?? performance.now());
  started.delete(ctx.task.id);
  const failure = overBudget(took, os.loadavg()[0]!, os.availableParallelism());
  if (failure) throw new Error(failure);
});
