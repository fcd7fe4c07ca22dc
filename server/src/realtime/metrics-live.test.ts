import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { metricValue } from '../metrics/testing/read-metrics.js';
import {
  closeAllSockets, connectSocket, liveCustomer, pairedDevice, record, startLiveServer, type LiveServer,
} from './live-server.fixtures.js';

// docs/OPERATIONS.md#monitoring: what only a listening instance with sockets can show.
let s: LiveServer;
beforeAll(async () => { s = await startLiveServer(); });
afterEach(() => closeAllSockets());
afterAll(async () => { await s.close(); });

const scrape = async () => (await s.api.get('/metrics').expect(200)).text;
const sockets = (text: string, role: string) => metricValue(text, 'pano_connected_sockets', { role });

describe('metrics of a live instance', () => {
  it('counts the players and dashboards connected to this instance, and counts them out', async () => {
    const a = await liveCustomer(s);
    const screen = await s.ctx.db.screen.create({ data: { ownerId: a.id, name: 'Giriş' } });
    const device = await pairedDevice(s, a.id, screen.id);
    const before = await scrape();
    const player = await connectSocket(s, { deviceToken: device.token, screenId: screen.id });
    const dashboard = await connectSocket(s, { token: a.token });
    const connected = await scrape();
    expect(sockets(connected, 'player') - sockets(before, 'player')).toBe(1);
    expect(sockets(connected, 'dashboard') - sockets(before, 'dashboard')).toBe(1);
    player.close();
    dashboard.close();
    // A socket is counted out when the server sees it go, a moment after the client closes.
    await expect.poll(async () => {
      const after = await scrape();
      return [sockets(after, 'player'), sockets(after, 'dashboard')];
    }).toEqual([sockets(before, 'player'), sockets(before, 'dashboard')]);
  });

  it('counts a pushed config and times its build', async () => {
    const a = await liveCustomer(s);
    const screen = await s.ctx.db.screen.create({ data: { ownerId: a.id, name: 'Giriş' } });
    const device = await pairedDevice(s, a.id, screen.id);
    const pushed = record(await connectSocket(s, { deviceToken: device.token, screenId: screen.id }), 'screen:config');
    const before = await scrape();
    await s.api.put(`/api/screens/${screen.id}`).set(a.auth).send({ name: 'Giriş kapısı' }).expect(200);
    await expect.poll(() => pushed.length === 1).toBe(true);
    const after = await scrape();
    expect(metricValue(after, 'pano_config_pushes_total') - metricValue(before, 'pano_config_pushes_total')).toBe(1);
    expect(metricValue(after, 'pano_config_push_build_seconds_count') - metricValue(before, 'pano_config_push_build_seconds_count')).toBe(1);
  });
});
