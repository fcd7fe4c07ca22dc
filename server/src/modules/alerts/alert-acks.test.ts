import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newCustomer, type TestApp } from '../../../test/harness.js';
import { makeScreen } from '../screens/content.fixtures.js';
import { AlertAckWriter, type AlertAckInput, type WrittenAck } from './alert-acks.js';

// docs/PERFORMANCE.md (P10): a whole fleet's acknowledgements of one alert are written together.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function alertTo(ownerId: string, screenIds: string[], startedAt = new Date()) {
  return t.ctx.db.alert.create({
    data: {
      ownerId, title: 'Kod Mavi', message: '3. kat', background: '#b91c1c', textColor: '#ffffff', requestedScreenIds: screenIds,
      requestedGroupIds: [], startedAt, targets: { createMany: { data: screenIds.map((screenId) => ({ screenId })) } },
    },
  });
}

function recordingWriter() {
  const batches: WrittenAck[][] = [];
  return { writer: new AlertAckWriter(t.ctx.db, (w) => { batches.push(w); }), batches };
}

describe('AlertAckWriter', () => {
  it('writes acks arriving together as one batch and reports each recorded one once', async () => {
    const u = await newCustomer(t);
    const screens = Array.from({ length: 300 }, (_, i) => ({ id: randomUUID(), ownerId: u.id, name: `Ekran ${i}` }));
    await t.ctx.db.screen.createMany({ data: screens });
    const devices = new Map<string, string>(screens.map((s) => [s.id, randomUUID()]));
    await t.ctx.db.device.createMany({ data: screens.map((s) => ({ id: devices.get(s.id)!, ownerId: u.id, screenId: s.id })) });
    const alert = await alertTo(u.id, screens.map((s) => s.id));
    const { writer, batches } = recordingWriter();
    const at = new Date();
    const ack = (screenId: string): AlertAckInput => ({ alertId: alert.id, screenId, deviceId: devices.get(screenId)!, ownerId: u.id, latencyMs: 40, at });

    await Promise.all(screens.flatMap((s) => [writer.acknowledge(ack(s.id)), writer.acknowledge(ack(s.id))]));

    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(300);
    expect(new Set(batches[0]!.map((w) => w.screenId))).toEqual(new Set(screens.map((s) => s.id)));
    expect(batches[0]!.every((w) => w.alertId === alert.id && w.ownerId === u.id)).toBe(true);
    expect(await t.ctx.db.alertAck.count({ where: { alertId: alert.id } })).toBe(300);

    // Confirmed again later (a reconnect): nothing new is written or reported.
    await writer.acknowledge(ack(screens[0]!.id));
    expect(batches).toHaveLength(1);
  });

  it('keeps the first ack of a screen, only for a targeted screen of the alert\'s owner, and cuts a latency the server cannot have seen', async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    const [s1, s2, s3] = [await makeScreen(t, a.id), await makeScreen(t, a.id), await makeScreen(t, a.id)];
    const sb = await makeScreen(t, b.id);
    const startedAt = new Date(Date.now() - 2000);
    const alert = await alertTo(a.id, [s1.id, s2.id], startedAt);
    const device = await t.ctx.db.device.create({ data: { ownerId: a.id, screenId: s1.id } });
    const second = await t.ctx.db.device.create({ data: { ownerId: a.id, screenId: s1.id } });
    const ahead = await t.ctx.db.device.create({ data: { ownerId: a.id, screenId: s2.id } });
    const onS3 = await t.ctx.db.device.create({ data: { ownerId: a.id, screenId: s3.id } });
    const onSb = await t.ctx.db.device.create({ data: { ownerId: b.id, screenId: sb.id } });
    const { writer, batches } = recordingWriter();
    const at = new Date(startedAt.getTime() + 1500);
    const base = { alertId: alert.id, ownerId: a.id, at };

    await Promise.all([
      writer.acknowledge({ ...base, screenId: s1.id, deviceId: device.id, latencyMs: 12 }),
      writer.acknowledge({ ...base, screenId: s1.id, deviceId: second.id, latencyMs: 9 }),
      // A device clock running an hour ahead.
      writer.acknowledge({ ...base, screenId: s2.id, deviceId: ahead.id, latencyMs: 3_600_000 }),
      // Not targeted; another customer's screen; another owner claiming the alert.
      writer.acknowledge({ ...base, screenId: s3.id, deviceId: onS3.id, latencyMs: 5 }),
      writer.acknowledge({ ...base, screenId: sb.id, ownerId: b.id, deviceId: onSb.id, latencyMs: 5 }),
      writer.acknowledge({ ...base, screenId: s1.id, ownerId: b.id, deviceId: onSb.id, latencyMs: 5 }),
    ]);

    const rows = await t.ctx.db.alertAck.findMany({ where: { alertId: alert.id }, orderBy: { latencyMs: 'asc' } });
    expect(rows).toEqual([
      expect.objectContaining({ screenId: s1.id, deviceId: device.id, latencyMs: 12, acknowledgedAt: at }),
      expect.objectContaining({ screenId: s2.id, deviceId: ahead.id, latencyMs: 1500 }),
    ]);
    expect(batches.flat().map((w) => w.screenId).sort()).toEqual([s1.id, s2.id].sort());
  });

  it('counts an ack only from a device still set to that screen: not one moved away or removed meanwhile (issue #21)', async () => {
    const a = await newCustomer(t);
    const [s1, s2] = [await makeScreen(t, a.id), await makeScreen(t, a.id)];
    const alert = await alertTo(a.id, [s1.id, s2.id]);
    const moved = await t.ctx.db.device.create({ data: { ownerId: a.id, screenId: s1.id } });
    const removed = await t.ctx.db.device.create({ data: { ownerId: a.id, screenId: s2.id } });
    // Its socket on s1 outlived the move by a moment; the other's, the removal.
    await t.ctx.db.device.update({ where: { id: moved.id }, data: { screenId: s2.id } });
    await t.ctx.db.device.update({ where: { id: removed.id }, data: { revokedAt: new Date() } });
    const { writer, batches } = recordingWriter();
    const base = { alertId: alert.id, ownerId: a.id, at: new Date(), latencyMs: 30 };

    await Promise.all([
      writer.acknowledge({ ...base, screenId: s1.id, deviceId: moved.id }),
      writer.acknowledge({ ...base, screenId: s2.id, deviceId: removed.id }),
    ]);
    expect(await t.ctx.db.alertAck.count({ where: { alertId: alert.id } })).toBe(0);
    expect(batches).toEqual([]);

    // The moved device confirms for the screen it shows now.
    await writer.acknowledge({ ...base, screenId: s2.id, deviceId: moved.id });
    expect(await t.ctx.db.alertAck.findMany({ where: { alertId: alert.id } })).toEqual([expect.objectContaining({ screenId: s2.id, deviceId: moved.id })]);
  });
});
