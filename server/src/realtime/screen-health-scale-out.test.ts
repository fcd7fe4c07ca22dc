import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZScreenHealthResponse } from '@pano/contract';
import {
  closeAllSockets, connectSocket, liveCustomer, pairedDevice, record, startLiveServer, waitFor, type LiveServer,
} from './live-server.fixtures.js';

// docs/ARCHITECTURE.md#health with two API instances on one Redis: a player's report on B
// reaches the owner's dashboard on A, and a screenshot asked for through A reaches it on B.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: LiveServer;
let b: LiveServer;
beforeAll(async () => {
  a = await startLiveServer({ REDIS_URL });
  b = await startLiveServer({ REDIS_URL });
});
afterEach(() => closeAllSockets());
afterAll(async () => { await Promise.all([a?.close(), b?.close()]); });

describe('screen health across instances', () => {
  it('reports, online state and screenshot requests cross instances', async () => {
    const c = await liveCustomer(a);
    const screen = await a.ctx.db.screen.create({ data: { ownerId: c.id, name: 'Giriş' } });
    const dashboard = record(await connectSocket(a, { token: c.token }), 'screen:health');
    const device = await pairedDevice(a, c.id);
    const player = await connectSocket(b, { deviceToken: device.token, screenId: screen.id });
    const requests = record(player, 'screenshot:request');
    await waitFor(() => dashboard.some((h) => h.online));

    player.emit('player:health', {
      appVersion: '2.0.0', uptimeSec: 5, cacheBytes: null, lastError: null, itemsFailed: 0, failing: false, playing: null, events: [],
    });
    await waitFor(() => dashboard.some((h) => h.report?.appVersion === '2.0.0'));
    const list = ZScreenHealthResponse.parse((await a.api.get('/api/screens/health').set(c.auth).expect(200)).body);
    expect(list.screens).toEqual([expect.objectContaining({ screenId: screen.id, online: true, troubleSince: null })]);

    const { body } = await a.api.post(`/api/screens/${screen.id}/screenshot`).set(c.auth).expect(202);
    await waitFor(() => requests.length === 1);
    expect(requests).toEqual([{ requestId: body.requestId }]);

    player.close();
    await waitFor(() => dashboard.some((h) => !h.online));
    expect((await a.api.post(`/api/screens/${screen.id}/screenshot`).set(c.auth)).status).toBe(409);
  });
});
