import { describe, expect, it } from 'vitest';
import { createJobRegistry } from './job-registry.js';

const noop = async () => {};
const all = { 'purchase.expire': noop, 'purchase.abandon': noop, 'purchase.sweep': noop };

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
});
