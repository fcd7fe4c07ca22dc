import { describe, expect, it } from 'vitest';
import { Metrics } from '../metrics/metrics.js';
import { metricValue } from '../metrics/testing/read-metrics.js';
import { createJobRegistry } from './job-registry.js';

const noop = async () => {};
const all = {
  'purchase.expire': noop, 'purchase.abandon': noop, 'purchase.sweep': noop, 'alert.end': noop, 'alert.ackDeadline': noop,
  'plays.rollup': noop, 'plays.retention': noop, 'app.fetch': noop, 'app.refresh': noop, 'uploads.sweep': noop, 'sessions.sweep': noop, 'media.process': noop,
  'media.repair': noop, 'webhook.deliver': noop, 'webhooks.repair': noop, 'capFeed.poll': noop, 'capFeeds.repair': noop,
};

describe('job registry', () => {
  it('refuses to start when a declared job has no handler', () => {
    const { 'purchase.abandon': _missing, ...rest } = all;
    expect(() => createJobRegistry(rest)).toThrow('Job registry: no handler for purchase.abandon');
  });

  it('refuses handlers for jobs nobody declared', () => {
    expect(() => createJobRegistry({ ...all, 'purchase.refund': noop } as never)).toThrow('undeclared jobs purchase.refund');
  });

  it("runs a job's one handler with its parsed payload, and rejects a payload its schema does not accept", async () => {
    const seen: unknown[] = [];
    const registry = createJobRegistry({ ...all, 'purchase.expire': async (p) => void seen.push(p) });
    const purchaseId = '3f1c7a2e-9b4d-4c1a-8e2f-1a2b3c4d5e6f';
    await registry.run('purchase.expire', { purchaseId, extra: 'dropped' });
    expect(seen).toEqual([{ purchaseId }]);
    await expect(registry.run('purchase.expire', { purchaseId: 'nope' })).rejects.toThrow();
    await expect(registry.run('purchase.unknown', {})).rejects.toThrow('Unknown job purchase.unknown');
    expect(seen).toHaveLength(1);
  });

  it('counts runs and failures by job name; names nobody declared count as one label', async () => {
    const metrics = new Metrics();
    const registry = createJobRegistry({ ...all, 'purchase.abandon': () => Promise.reject(new Error('card processor down')) }, metrics);
    await registry.run('purchase.sweep', {});
    await registry.run('purchase.sweep', {});
    await expect(registry.run('purchase.abandon', { purchaseId: '3f1c7a2e-9b4d-4c1a-8e2f-1a2b3c4d5e6f' })).rejects.toThrow('card processor down');
    await expect(registry.run('purchase.made-up', {})).rejects.toThrow();
    const text = await metrics.registry.metrics();
    const value = (name: string, job: string) => metricValue(text, name, { job });
    expect([value('pano_job_runs_total', 'purchase.sweep'), value('pano_job_failures_total', 'purchase.sweep')]).toEqual([2, 0]);
    expect([value('pano_job_runs_total', 'purchase.abandon'), value('pano_job_failures_total', 'purchase.abandon')]).toEqual([1, 1]);
    expect([value('pano_job_runs_total', 'unknown'), value('pano_job_failures_total', 'unknown')]).toEqual([1, 1]);
    expect(text).not.toContain('made-up');
  });
});
