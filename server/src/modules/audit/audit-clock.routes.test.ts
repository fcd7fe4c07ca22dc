import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditPage } from '@pano/contract';
import { createTestApp, grantPackage, newCustomer, type TestApp } from '../../../test/harness.js';
import { createJobRegistry } from '../../jobs/job-registry.js';
import { jobHandlers } from '../../job-handlers.js';
import { makeMedia } from '../screens/content.fixtures.js';

/* An event is dated by the app's clock (docs/architecture/audit.md#events), not the machine's. */
const DAY_MS = 86_400_000;
// Weeks ahead, never behind: a purchase granted under it must not look overdue to another file's
// purchase sweep in the shared database.
const start = new Date((Math.floor(Date.now() / DAY_MS) + 40) * DAY_MS + 29_730_250);
let now = start;
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: () => now }); });
afterAll(async () => { await t?.close(); });

describe('the time of an event', () => {
  it("a route's event carries the app's clock, moved or not", async () => {
    const owner = await newCustomer(t);
    const media = await makeMedia(t, owner.id);
    await t.http.post('/api/playlists').set(owner.auth).send({ name: 'Sabah', mediaItems: [{ media: media.id, duration: 5 }] }).expect(201);
    now = new Date(start.getTime() + 3 * DAY_MS);
    await t.http.post('/api/playlists').set(owner.auth).send({ name: 'Akşam', mediaItems: [{ media: media.id, duration: 5 }] }).expect(201);
    const page = (await t.http.get('/api/audit').set(owner.auth).expect(200)).body as TAuditPage;
    expect(page.events.map((e) => [e.target.name, e.at])).toEqual([
      ['Akşam', now.toISOString()], ['Sabah', start.toISOString()],
    ]);
    // The chain check hashes the stored time: it still verifies.
    expect((await t.http.get('/api/audit/verify').set(owner.auth).expect(200)).body).toMatchObject({ ok: true, checked: 2 });
  });

  it("a job's event carries the app's clock too", async () => {
    const owner = await newCustomer(t);
    const purchase = await grantPackage(t, owner.id);
    now = new Date(purchase.expiresAt!.getTime() + 60_000);
    await createJobRegistry(jobHandlers(t.ctx), undefined, t.ctx.clock).run('purchase.expire', { purchaseId: purchase.id });
    const event = await t.ctx.db.auditEvent.findFirstOrThrow({ where: { chain: owner.id, action: 'purchase.expire' } });
    expect([event.actorType, event.at]).toEqual(['system', now]);
  });
});
