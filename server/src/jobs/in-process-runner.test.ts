import { describe, expect, it } from 'vitest';
import { auditRequest, runAsActor, type AuditActor } from '../http/audit-context.js';
import { createLogger } from '../logger.js';
import { createInProcessRunner } from './in-process-runner.js';
import { createJobRegistry } from './job-registry.js';

const noop = async () => {};
const all = {
  'purchase.expire': noop, 'purchase.abandon': noop, 'purchase.sweep': noop, 'alert.end': noop, 'alert.ackDeadline': noop,
  'plays.rollup': noop, 'plays.retention': noop, 'app.fetch': noop, 'app.refresh': noop, 'uploads.sweep': noop, 'sessions.sweep': noop, 'media.process': noop,
  'media.repair': noop, 'webhook.deliver': noop, 'webhooks.repair': noop, 'capFeed.poll': noop, 'capFeeds.repair': noop,
};

describe('in-process job runner', () => {
  it("runs a job as the system, not as the request that queued it (docs/architecture/audit.md#events)", async () => {
    const seen: { actor: AuditActor; ip: string | null; requestId: string | null }[] = [];
    let done!: () => void;
    const ran = new Promise<void>((resolve) => { done = resolve; });
    const registry = createJobRegistry({ ...all, 'purchase.sweep': async () => { const r = auditRequest(); seen.push({ actor: r.actor, ip: r.ip, requestId: r.requestId }); done(); } });
    const runner = createInProcessRunner({ logger: createLogger('silent'), sweepEveryMs: 0, sweepOnStart: false });
    await runner.start(registry);
    const person: AuditActor = { type: 'user', id: 'u1', name: 'Ayşe Yılmaz' };
    await runAsActor(person, () => runner.enqueue('purchase.sweep', {}));
    await ran;
    await runner.stop();
    expect(seen).toEqual([{ actor: { type: 'system', id: null, name: 'Sistem' }, ip: null, requestId: null }]);
  });
});
