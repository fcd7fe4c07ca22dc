import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditAction } from '@pano/contract';
import { createTestApp, grantPackage, newCustomer, type TestApp } from './harness.js';
import { JOB_NAMES, type JobName } from '../src/jobs/job-definitions.js';
import { createJobRegistry, type JobRegistry } from '../src/jobs/job-registry.js';
import { jobHandlers } from '../src/job-handlers.js';

/*
 * The jobs' side of the audit (docs/architecture/audit.md#work-no-request-asked-for): each job's
 * writes are either a change of state, whose events it writes as the system in the change's
 * transaction, or bookkeeping, which writes none. A job added without a decision here fails the
 * typecheck; the jobs that need no outside service are run below.
 */
const DECISIONS: Record<JobName, { events: TAuditAction[] } | { bookkeeping: string }> = {
  'purchase.expire': { events: ['purchase.expire'] },
  'purchase.abandon': { events: ['purchase.abandon', 'purchase.complete'] },
  'purchase.sweep': { events: ['purchase.expire', 'purchase.abandon', 'purchase.complete'] },
  'media.process': { events: ['media.process', 'media.processFail', 'playlist.update'] }, // server/src/modules/media/media-processing.routes.test.ts
  'alert.ackDeadline': { bookkeeping: 'tells webhooks how many screens confirmed an alert; its flag says only that it was told' },
  'alert.end': { bookkeeping: 'writes nothing: an alert past endsAt is over by the rule alone, and alert.send recorded its end' },
  'plays.rollup': { bookkeeping: "moves play records into the rollups: the screens' own telemetry" },
  'plays.retention': { bookkeeping: 'deletes telemetry past its retention' },
  'app.fetch': { bookkeeping: "stores what an app's address answered: nobody's change (server/src/modules/app-data/app-data.jobs.test.ts)" },
  'app.refresh': { bookkeeping: 'queues app.fetch' },
  'media.repair': { bookkeeping: 'queues media.process' },
  'uploads.sweep': { bookkeeping: 'removes unfinished uploads, which never became media' },
  'sessions.sweep': { bookkeeping: 'deletes sessions no token can use any more' },
  'webhook.deliver': { events: ['webhook.disable'] }, // server/src/modules/webhooks/webhooks.routes.test.ts
  'webhooks.repair': { bookkeeping: 'queues webhook.deliver; deletes deliveries older than 30 days' },
  'capFeed.poll': { events: ['alert.send', 'alert.end'] }, // server/src/modules/cap/cap-feeds.routes.test.ts
  'capFeeds.repair': { bookkeeping: 'queues capFeed.poll' },
};

let t: TestApp;
let registry: JobRegistry;
// A database of its own: the sweeps and the retention act on every row they find.
beforeAll(async () => {
  t = await createTestApp({ ownDatabase: true });
  registry = createJobRegistry(jobHandlers(t.ctx), undefined, t.ctx.clock);
});
afterAll(async () => { await t?.close(); });

const DAY_MS = 86_400_000;
const eventCount = () => t.ctx.db.auditEvent.count();

describe('jobs and the audit', () => {
  it('every job has a decision', () => {
    expect(Object.keys(DECISIONS).sort()).toEqual([...JOB_NAMES].sort());
  });

  it('the bookkeeping jobs do their work and write no event', async () => {
    const owner = await newCustomer(t);
    const screen = await t.ctx.db.screen.create({ data: { ownerId: owner.id, name: 'Giriş' } });
    const now = t.ctx.clock().getTime();
    const old = await t.ctx.db.playRecord.create({
      data: {
        id: randomUUID(), ownerId: owner.id, screenId: screen.id, mediaId: randomUUID(), outcome: 'completed', durationMs: 10_000,
        startedAt: new Date(now - (t.ctx.config.playsRetentionDays + 1) * DAY_MS),
      },
    });
    const session = await t.ctx.db.userSession.create({ data: { userId: owner.id, device: 'Chrome · Linux', expiresAt: new Date(now - 1000) } });
    const before = await eventCount();
    const offline = (Object.keys(DECISIONS) as JobName[]).filter((job) => 'bookkeeping' in DECISIONS[job] && job !== 'app.fetch');
    for (const job of offline) await registry.run(job, job === 'alert.end' || job === 'alert.ackDeadline' ? { alertId: randomUUID() } : {});
    expect(await t.ctx.db.playRecord.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await t.ctx.db.userSession.findUnique({ where: { id: session.id } })).toBeNull();
    expect(await eventCount()).toBe(before);
  });

  it('the jobs that change state write their events, as the system, in the account of the change', async () => {
    const owner = await newCustomer(t);
    const running = await grantPackage(t, owner.id);
    await t.ctx.db.purchase.update({ where: { id: running.id }, data: { expiresAt: new Date(t.ctx.clock().getTime() - 1000) } });
    const pending = await t.ctx.db.purchase.create({
      data: {
        userId: owner.id, accountId: owner.id, provider: 'nobody', status: 'pending', amount: 499, packageName: 'Yarım', durationDays: 30,
        maxMediaUploadGb: 1, maxScreens: 1, maxPlaylists: 1, createdAt: new Date(t.ctx.clock().getTime() - 31 * 60_000),
      },
    });
    await registry.run('purchase.expire', { purchaseId: running.id });
    await registry.run('purchase.abandon', { purchaseId: pending.id });
    const events = await t.ctx.db.auditEvent.findMany({ where: { chain: owner.id }, orderBy: { seq: 'asc' } });
    expect(events.map((e) => [e.action, e.targetId, e.actorType])).toEqual([
      ['purchase.expire', running.id, 'system'], ['purchase.abandon', pending.id, 'system'],
    ]);
  });
});
