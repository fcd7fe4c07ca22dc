import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApiKeyScope, TScreenConfigEvent } from '@pano/contract';
import {
  closeAllSockets, connectSocket, liveCustomer, pairedDevice, record, serverSawClose, startLiveServer,
  type ClientSocket, type Customer, type LiveServer,
} from '../src/realtime/live-server.fixtures.js';
import { guideBlocks, runShellBlock, startNodeBlock, type GuideBlock, type RunningProgram } from './guide-blocks.js';

/*
 * docs/INTEGRATIONS.md, run: every example of the guide, in its order, with curl against a real
 * listening Pano, each with the key of the system its section is about, and what it claims
 * checked where it happens: the screen's player gets the alert and the new text, the monitoring
 * system's receiver (the guide's own code) verifies a signed `screen.offline`. Nothing is mocked.
 *
 * Adding an example: a fenced block right after `<!-- run: name -->` in the guide, and a
 * `guide('name', system, ...)` step below at the same place in the order. A shell block without a
 * marker, a marker without a step, or steps out of the guide's order fail the first two tests.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const GUIDE = path.join(ROOT, 'docs/INTEGRATIONS.md');

/** Each system's key, with the scopes the guide's table gives it. */
const SYSTEMS = {
  monitoring: { name: 'İzleme sistemi', scopes: ['screens:read', 'webhooks'] },
  firePanel: { name: 'Yangın paneli', scopes: ['alerts'] },
  booking: { name: 'Rezervasyon sistemi', scopes: ['content', 'schedules'] },
  reporting: { name: 'Raporlama', scopes: ['reports:read'] },
} satisfies Record<string, { name: string; scopes: TApiKeyScope[] }>;
type System = keyof typeof SYSTEMS;

type Ran = { stdout: string; vars: Record<string, string> };
type Step =
  | { kind: 'guide'; block: string; system: System; env?: () => Record<string, string>; start?: 'node'; then: (ran: Ran) => Promise<void> }
  | { kind: 'event'; name: string; run: () => Promise<void> };

const guide = (block: string, system: System, step: Omit<Extract<Step, { kind: 'guide' }>, 'kind' | 'block' | 'system'>): Step =>
  ({ kind: 'guide', block, system, ...step });
/** Something that happens in the building between two examples (a screen losing its network). */
const happens = (name: string, run: () => Promise<void>): Step => ({ kind: 'event', name, run });

let s: LiveServer;
let owner: Customer;
let blocks: Map<string, GuideBlock>;
let workDir: string;
const keys = {} as Record<System, { id: string; name: string; key: string }>;
/** What the blocks assigned so far, passed to the next ones (ALERT_ID, MEDIA_ID, ...). */
const vars: Record<string, string> = {};
const world = {} as {
  room: { id: string }; lobby: { id: string }; group: { id: string }; intro: { id: string };
  device: { id: string; token: string };
  hookPort: number;
};
let receiver: RunningProgram | undefined;
let player: { socket: ClientSocket; configs: TScreenConfigEvent[] } | undefined;

/** The room's player, as a paired device connects: it gets a `screen:config` at once and at each push. */
async function connectPlayer() {
  let configs: TScreenConfigEvent[] = [];
  const socket = await connectSocket(s, { deviceToken: world.device.token, screenId: world.room.id }, (sock) => { configs = record(sock, 'screen:config'); });
  player = { socket, configs };
  await expect.poll(async () => (await s.ctx.presence.onlineScreenIds(owner.id)).has(world.room.id)).toBe(true);
  return player;
}
const latestConfig = () => player!.configs.at(-1)?.config;
/** The lines the receiver printed for `type`, their data parsed. */
const received = (type: string) => (receiver?.lines ?? []).filter((l) => l.startsWith(`${type} `)).map((l) => JSON.parse(l.slice(type.length + 1)) as Record<string, unknown>);

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
const accepts = (port: number) => new Promise<boolean>((resolve) => {
  const c = net.connect(port, '127.0.0.1', () => { c.end(); resolve(true); });
  c.on('error', () => resolve(false));
});

const STEPS: Step[] = [
  guide('ids', 'monitoring', {
    then: async ({ stdout, vars: got }) => {
      expect(got).toMatchObject({ SCREEN_ID: world.room.id, GROUP_ID: world.group.id });
      expect(stdout).toContain(`${world.lobby.id}  Lobi`);
    },
  }),
  guide('error', 'monitoring', {
    then: async ({ stdout }) => {
      expect(stdout).toMatch(/\nHTTP 403\n$/);
      expect(JSON.parse(stdout.split('\n')[0]!)).toMatchObject({
        code: 'FORBIDDEN', message: 'Bu API anahtarının bu işlem için yetkisi yok (gereken yetki: Acil duyurular).',
      });
    },
  }),
  guide('webhook', 'monitoring', {
    env: () => ({ HOOK_URL: `http://127.0.0.1:${world.hookPort}/pano` }),
    then: async ({ vars: got }) => {
      expect(got.WEBHOOK_SECRET).toMatch(/^whsec_/);
      const hook = await s.ctx.db.webhook.findUniqueOrThrow({ where: { id: got.WEBHOOK_ID } });
      expect(hook).toMatchObject({ ownerId: owner.id, enabled: true, events: ['screen.offline', 'screen.online', 'screen.unhealthy'] });
    },
  }),
  guide('receiver', 'monitoring', {
    start: 'node',
    env: () => ({ PORT: String(world.hookPort), WEBHOOK_SECRET: vars.WEBHOOK_SECRET! }),
    then: async () => {
      await expect.poll(() => accepts(world.hookPort), { timeout: 10_000 }).toBe(true);
      // It refuses what Pano did not sign.
      const forged = await fetch(`http://127.0.0.1:${world.hookPort}/pano`, {
        method: 'POST', body: '{"type":"screen.offline","data":{}}',
        headers: { 'webhook-id': 'msg_x', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,aGF5aXI=' },
      });
      expect(forged.status).toBe(401);
      expect(received('screen.offline')).toEqual([]);
    },
  }),
  guide('webhook-test', 'monitoring', {
    then: async ({ stdout }) => {
      expect(stdout.trim()).toMatch(/^msg_/);
      await expect.poll(() => received('webhook.test'), { timeout: 10_000 }).toEqual([{ message: 'Pano test mesajı' }]);
    },
  }),
  happens('the room\'s screen goes dark, is reported within seconds, and comes back', async () => {
    const { socket } = await connectPlayer();
    const id = socket.id!;
    socket.close();
    await serverSawClose(s, id);
    await expect.poll(() => received('screen.offline'), { timeout: 10_000 })
      .toEqual([{ screen: { _id: world.room.id, name: 'Toplantı Odası 3' }, at: expect.any(String) }]);
    await connectPlayer();
    await expect.poll(() => received('screen.online'), { timeout: 10_000 })
      .toEqual([{ screen: { _id: world.room.id, name: 'Toplantı Odası 3' }, at: expect.any(String) }]);
  }),
  guide('health', 'monitoring', {
    then: async ({ stdout }) => {
      const rows = stdout.trim().split('\n').map((l) => JSON.parse(l) as { screenId: string; online: boolean; problem: boolean });
      expect(rows.find((r) => r.screenId === world.room.id)).toMatchObject({ online: true, problem: false });
      expect(rows.find((r) => r.screenId === world.lobby.id)).toMatchObject({ online: false });
    },
  }),
  guide('now', 'monitoring', {
    then: async ({ stdout }) => {
      expect(JSON.parse(stdout)).toMatchObject({ playlist: 'Tanıtım', layout: null, source: 'default' });
    },
  }),
  guide('alert-send', 'firePanel', {
    then: async ({ vars: got }) => {
      const alertId = got.ALERT_ID!;
      // The takeover reaches the room's player, which confirms it as a painted overlay does.
      await expect.poll(() => latestConfig()?.alerts.map((a) => a._id)).toEqual([alertId]);
      expect(latestConfig()!.alerts[0]).toMatchObject({ title: 'Yangın Alarmı', sound: true, endsAt: null });
      player!.socket.emit('alert:ack', { alertId, renderedAt: new Date().toISOString(), latencyMs: 120 });
      await expect.poll(() => s.ctx.db.alertAck.count({ where: { alertId } })).toBe(1);
      const row = await s.ctx.db.alert.findUniqueOrThrow({ where: { id: alertId } });
      expect(row).toMatchObject({ ownerId: owner.id, createdByKeyId: keys.firePanel.id, requestedGroupIds: [world.group.id], endsAt: null });
    },
  }),
  guide('alert-status', 'firePanel', {
    then: async ({ stdout }) => {
      expect(JSON.parse(stdout)).toEqual({ active: true, acknowledged: 1, total: 2, waiting: ['Lobi'] });
    },
  }),
  guide('alert-end', 'firePanel', {
    then: async ({ stdout }) => {
      expect(JSON.parse(stdout)).toMatchObject({ active: false, endedAt: expect.any(String), endedBy: keys.firePanel.name });
      await expect.poll(() => latestConfig()?.alerts).toEqual([]);
    },
  }),
  happens('the room\'s screen is given its place on the map', async () => {
    await s.ctx.db.screen.update({ where: { id: world.room.id }, data: { latitude: 41.0438, longitude: 29.0094 } });
  }),
  guide('cap-send', 'firePanel', {
    then: async ({ stdout, vars: got }) => {
      // The circle holds the room, not the lobby (which has no location).
      expect(JSON.parse(stdout)).toEqual({ outcome: 'started', screens: ['Toplantı Odası 3'] });
      await expect.poll(() => latestConfig()?.alerts.map((a) => a._id)).toEqual([got.CAP_ALERT_ID]);
      expect(latestConfig()!.alerts[0]).toMatchObject({ title: 'Yangın: B blok', sound: true, endsAt: null });
    },
  }),
  guide('cap-cancel', 'firePanel', {
    then: async ({ stdout }) => {
      expect(JSON.parse(stdout)).toEqual({ outcome: 'ended', ended: [vars.CAP_ALERT_ID] });
      await expect.poll(() => latestConfig()?.alerts).toEqual([]);
    },
  }),
  guide('booking-sign', 'booking', {
    then: async ({ vars: got }) => {
      const media = await s.ctx.db.media.findUniqueOrThrow({ where: { id: got.MEDIA_ID } });
      expect(media).toMatchObject({ ownerId: owner.id, kind: 'app', app: { kind: 'text', title: 'Toplantı Odası 3', body: 'Boş' } });
      const items = await s.ctx.db.playlistItem.findMany({ where: { playlistId: got.PLAYLIST_ID } });
      expect(items.map((i) => [i.mediaId, i.duration])).toEqual([[got.MEDIA_ID, 60]]);
    },
  }),
  guide('booking-assign', 'booking', {
    then: async ({ stdout }) => {
      expect(stdout.trim()).toBe('Toplantı Odası 3');
      await expect.poll(() => latestConfig()?.playlist?._id).toBe(vars.PLAYLIST_ID);
    },
  }),
  guide('booking-update', 'booking', {
    then: async ({ stdout }) => {
      expect(stdout.trim()).toBe('Toplantı: 14:00 Satış');
      // The room's screen gets the new text, pushed.
      await expect.poll(() => latestConfig()?.playlist?.mediaItems[0]?.media.app)
        .toMatchObject({ kind: 'text', title: 'Toplantı Odası 3', body: 'Toplantı: 14:00 Satış' });
    },
  }),
  happens('the room\'s player reports playing the sign', async () => {
    const startedAt = new Date(Date.now() - 20_000).toISOString();
    const res = await s.api.post('/api/devices/plays').set({ Authorization: `Bearer ${world.device.token}` }).send({
      plays: [{ id: randomUUID(), screenId: world.room.id, mediaId: vars.MEDIA_ID, playlistId: vars.PLAYLIST_ID, scheduleId: null, startedAt, durationMs: 10_000, outcome: 'completed' }],
    });
    expect(res.body).toEqual({ accepted: 1, duplicates: 0 });
  }),
  guide('report', 'reporting', {
    then: async ({ stdout }) => {
      expect(stdout.trim().split('\n')).toEqual(['Toplantı Odası 3\t1\t10']);
      const csv = await readFile(path.join(workDir, 'rapor.csv'), 'utf8');
      expect(csv).toContain(`${world.room.id};Toplantı Odası 3;1;10`);
    },
  }),
];

beforeAll(async () => {
  const found = guideBlocks(await readFile(GUIDE, 'utf8'));
  blocks = new Map(found.blocks.map((b) => [b.name, b]));
  workDir = await mkdtemp(path.join(os.tmpdir(), 'pano-guide-'));
  // The monitoring system listens on this machine: an address on the internal network.
  s = await startLiveServer({ FETCH_ALLOW_PRIVATE: '1' });
  owner = await liveCustomer(s);
  const db = s.ctx.db;
  const image = await db.media.create({ data: { ownerId: owner.id, name: 'Hoş geldiniz', kind: 'image', fileName: `${randomUUID()}.png`, mime: 'image/png', sizeBytes: 100n } });
  world.intro = await db.playlist.create({ data: { ownerId: owner.id, name: 'Tanıtım', items: { create: [{ mediaId: image.id, position: 0, duration: 10 }] } } });
  world.room = await db.screen.create({ data: { ownerId: owner.id, name: 'Toplantı Odası 3', currentPlaylistId: world.intro.id } });
  world.lobby = await db.screen.create({ data: { ownerId: owner.id, name: 'Lobi', currentPlaylistId: world.intro.id } });
  world.group = await db.screenGroup.create({ data: { ownerId: owner.id, name: 'A Blok', members: { create: [{ screenId: world.room.id }, { screenId: world.lobby.id }] } } });
  world.device = await pairedDevice(s, owner.id, world.room.id);
  world.hookPort = await freePort();
  for (const [system, { name, scopes }] of Object.entries(SYSTEMS) as [System, (typeof SYSTEMS)[System]][]) {
    const res = await s.api.post('/api/api-keys').set(owner.auth).send({ name, scopes }).expect(201);
    keys[system] = { id: res.body._id, name: res.body.name, key: res.body.key };
  }
});

afterAll(async () => {
  receiver?.stop();
  closeAllSockets();
  await s?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('docs/INTEGRATIONS.md', () => {
  it('marks every shell example to be run', async () => {
    expect(guideBlocks(await readFile(GUIDE, 'utf8')).unmarkedShell).toEqual([]);
  });

  it('has a step here for every example, in the guide\'s order', () => {
    const steps = STEPS.flatMap((st) => (st.kind === 'guide' ? [st.block] : []));
    expect(steps).toEqual([...blocks.keys()]);
  });

  for (const step of STEPS) {
    if (step.kind === 'event') {
      it(step.name, step.run);
      continue;
    }
    it(`runs "${step.block}" with the ${step.system} key`, async () => {
      const block = blocks.get(step.block);
      if (!block) throw new Error(`docs/INTEGRATIONS.md has no block marked <!-- run: ${step.block} -->`);
      if (step.start === 'node') {
        // A program of the monitoring system's own: it gets its settings, not the key.
        receiver = startNodeBlock(block, step.env?.() ?? {}, ROOT);
        await step.then({ stdout: '', vars: {} });
        expect(receiver.exited(), receiver.lines.join('\n')).toBeNull();
        return;
      }
      const ran = await runShellBlock(block, { ...vars, PANO_URL: s.url, PANO_KEY: keys[step.system].key, ...step.env?.() }, workDir);
      Object.assign(vars, ran.vars);
      await step.then(ran);
    });
  }
});
