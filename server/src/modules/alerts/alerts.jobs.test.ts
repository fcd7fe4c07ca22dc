import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, newCustomer, type TestApp } from '../../../test/harness.js';
import { createInProcessRunner } from '../../jobs/in-process-runner.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { createLogger } from '../../logger.js';
import { makeScreen, recordingNotifier } from '../screens/content.fixtures.js';
import { pushAlertEnd } from './alerts.jobs.js';

let t: TestApp;
const notifier = recordingNotifier();
/** The in-process runner, remembering what was queued (the real one runs it at runAt). */
const queued: { name: string; payload: unknown; runAt?: Date; key?: string }[] = [];
const inner = createInProcessRunner({ logger: createLogger('silent'), sweepEveryMs: 0 });
const jobs: JobRunner = {
  ...inner,
  enqueue: async (name, payload, opts) => { queued.push({ name, payload, ...opts }); await inner.enqueue(name, payload, opts); },
};
beforeAll(async () => { t = await createTestApp({ notifier, jobs }); });
afterAll(async () => { await t.close(); });
beforeEach(() => { notifier.reset(); queued.length = 0; });

describe('the alert.end job', () => {
  it('is queued for endsAt when an alert has a duration, not for one shown until ended', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id);
    const timed = (await t.http.post('/api/alerts').set(u.auth).send({ title: 'Kod', message: 'x', screens: [a.id], durationMinutes: 10 })).body;
    await t.http.post('/api/alerts').set(u.auth).send({ title: 'Kod', message: 'x', screens: [a.id], untilEnded: true });
    expect(queued.filter((q) => q.name === 'alert.end')).toEqual([{ name: 'alert.end', payload: { alertId: timed._id }, runAt: new Date(timed.endsAt), key: `alert-end-${timed._id}` }]);
    // Both ask the webhooks' acknowledgement deadline a minute after they start (webhooks.md#events).
    expect(queued.filter((q) => q.name === 'alert.ackDeadline').map((q) => q.runAt!.getTime() - new Date(timed.startedAt).getTime())).toEqual([60_000, expect.any(Number)]);
  });

  it('at endsAt pushes the alert\'s screens once; an alert ended early (already pushed then) or not yet due pushes nothing', async () => {
    const u = await newCustomer(t);
    const a = await makeScreen(t, u.id);
    const b = await makeScreen(t, u.id);
    const send = async () => (await t.http.post('/api/alerts').set(u.auth).send({ title: 'Kod', message: 'x', screens: [a.id, b.id], durationMinutes: 10 })).body._id as string;
    const due = await send();
    const endedEarly = await send();
    const notYet = await send();
    await t.http.delete(`/api/alerts/${endedEarly}`).set(u.auth);
    await t.ctx.db.alert.updateMany({ where: { id: { in: [due, endedEarly] } }, data: { endsAt: new Date(Date.now() - 1000) } });
    notifier.reset();
    queued.length = 0;

    await pushAlertEnd(t.ctx, due);
    expect(notifier.calls).toEqual([[a.id, b.id].sort()]);
    // The owner's open /alerts pages move it to the history (alert:changed).
    expect(notifier.alerts).toEqual([`${u.id} ${due}`]);
    notifier.reset();
    await pushAlertEnd(t.ctx, endedEarly);
    await pushAlertEnd(t.ctx, notYet);
    expect(notifier.calls).toEqual([]);
    expect(notifier.alerts).toEqual([]);
    // Run early (a clock ahead of ours), it queues itself again for the right moment.
    expect(queued.map((q) => [q.name, q.payload])).toEqual([['alert.end', { alertId: notYet }]]);
    expect(await t.ctx.db.alert.findUniqueOrThrow({ where: { id: due } })).toMatchObject({ endedAt: null });
  });
});
