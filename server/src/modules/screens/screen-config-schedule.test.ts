import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZScreenConfig } from '@pano/contract';
import { createTestApp, newCustomer, type TestApp } from '../../../test/harness.js';
import { makeGroup, makeMedia, makePlaylist, makeSchedule, makeScreen, makeTicker } from './content.fixtures.js';
import { buildScreenConfigs } from '../../realtime/screen-config-reader.fixtures.js';
import { ScreenConfigCache } from './screen-config-cache.js';

// docs/architecture/scheduling.md#what-a-screen-shows: a config carries every enabled entry that can apply
// to its screen, with the playlists and tickers they play in full, so a player switches alone.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const opts = (now = new Date()) => ({ publicBaseUrl: 'https://pano.example', now });
const build = async (ids: string[], o = opts()) => {
  const configs = await buildScreenConfigs(t.ctx.db, ids, o);
  for (const c of configs.values()) ZScreenConfig.parse(c);
  return configs;
};
const one = async (id: string, o = opts()) => (await build([id], o)).get(id)!;

/** A customer: default playlist, lunch playlist with a ticker, screens A (direct), B (group), C (none). */
async function world() {
  const u = await newCustomer(t, { maxScreens: 5 });
  const m1 = await makeMedia(t, u.id, 'image', 'Afiş');
  const m2 = await makeMedia(t, u.id, 'video', 'Menü');
  const lobby = await makePlaylist(t, u.id, [{ mediaId: m1.id }], 'Lobi');
  const lunch = await makePlaylist(t, u.id, [{ mediaId: m2.id, duration: 20 }], 'Öğle');
  const ticker = await makeTicker(t, u.id, ['Afiyet olsun'], 2, 'Menü yazısı');
  const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((name) => makeScreen(t, u.id, { name, currentPlaylistId: lobby.id })));
  const cafe = await makeGroup(t, u.id, 'Kafeterya', [b!.id]);
  const floor = await makeGroup(t, u.id, 'Kat 1', [a!.id, b!.id]);
  return { u, m1, m2, lobby, lunch, ticker, a: a!, b: b!, c: c!, cafe, floor };
}

describe('the config\'s schedule block', () => {
  it('carries the entries reaching the screen directly or through a group, once, with their playlists and tickers in full', async () => {
    const w = await world();
    const lunch = await makeSchedule(t, w.u.id, { playlistId: w.lunch.id, tickerPlaylistId: w.ticker.id, screenIds: [w.a.id], groupIds: [w.cafe.id, w.floor.id] });
    await t.ctx.db.schedule.update({
      where: { id: lunch.id },
      data: { days: [1, 5], startTime: '22:00', endTime: '02:00', startDate: new Date('2026-01-01'), endDate: new Date('2099-12-31'), exceptDates: [new Date('2026-05-01')], priority: 7 },
    });
    const off = await makeSchedule(t, w.u.id, { playlistId: w.lobby.id, screenIds: [w.a.id] });
    await t.ctx.db.schedule.update({ where: { id: off.id }, data: { enabled: false } });
    const row = await t.ctx.db.schedule.findUniqueOrThrow({ where: { id: lunch.id } });

    const configs = await build([w.a.id, w.b.id, w.c.id]);
    const a = configs.get(w.a.id)!;
    expect(a.schedule.timezone).toBe('Europe/Istanbul');
    expect(a.schedule.entries).toEqual([{
      id: lunch.id, name: 'Öğle', playlistId: w.lunch.id, tickerPlaylistId: w.ticker.id, days: [1, 5],
      startTime: '22:00', endTime: '02:00', startDate: '2026-01-01', endDate: '2099-12-31', exceptDates: ['2026-05-01'],
      priority: 7, enabled: true, updatedAt: row.updatedAt.toISOString(),
    }]);
    expect(a.schedule.playlists).toEqual([{
      _id: w.lunch.id, name: 'Öğle',
      mediaItems: [{ media: expect.objectContaining({ _id: w.m2.id, type: 'video', url: `https://pano.example/uploads/${w.m2.fileName}` }), duration: 20 }],
    }]);
    expect(a.schedule.tickers).toEqual([{ _id: w.ticker.id, name: 'Menü yazısı', speed: 2, directions: [{ text: 'Afiyet olsun' }] }]);
    // B only through its groups: the same schedule block.
    expect(configs.get(w.b.id)!.schedule).toEqual(a.schedule);
    expect(configs.get(w.c.id)!.schedule).toEqual({ timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] });
  });

  it('screens share a built body only when their schedules are equal too', async () => {
    const w = await world();
    const before = await build([w.a.id, w.c.id]);
    expect(before.get(w.a.id)!.playlist).toBe(before.get(w.c.id)!.playlist);
    await makeSchedule(t, w.u.id, { playlistId: w.lunch.id, screenIds: [w.a.id] });
    const after = await build([w.a.id, w.c.id]);
    expect(after.get(w.a.id)!.schedule.entries).toHaveLength(1);
    expect(after.get(w.c.id)!.schedule.entries).toHaveLength(0);
    expect(after.get(w.a.id)!.version).not.toBe(before.get(w.a.id)!.version);
    expect(after.get(w.c.id)!.version).toBe(before.get(w.c.id)!.version);
  });

  it('a new version whenever the schedule block changes: an edit, the time zone, a disabled entry', async () => {
    const w = await world();
    const e = await makeSchedule(t, w.u.id, { playlistId: w.lunch.id, screenIds: [w.a.id] });
    const v1 = (await one(w.a.id)).version;
    await t.ctx.db.schedule.update({ where: { id: e.id }, data: { endTime: '15:00' } });
    const c2 = await one(w.a.id);
    expect(c2.schedule.entries[0]!.endTime).toBe('15:00');
    await t.ctx.db.screen.update({ where: { id: w.a.id }, data: { timezone: 'America/New_York' } });
    const c3 = await one(w.a.id);
    expect(c3.schedule.timezone).toBe('America/New_York');
    await t.ctx.db.schedule.update({ where: { id: e.id }, data: { enabled: false } });
    const c4 = await one(w.a.id);
    expect(c4.schedule.entries).toEqual([]);
    expect(new Set([v1, c2.version, c3.version, c4.version]).size).toBe(4);
  });

  it('leaves out an entry only once its last window is over in the screen\'s zone (a window may cross midnight)', async () => {
    const w = await world();
    await t.ctx.db.screen.update({ where: { id: w.b.id }, data: { timezone: 'America/New_York' } });
    const e = await makeSchedule(t, w.u.id, { playlistId: w.lunch.id, screenIds: [w.a.id, w.b.id] });
    await t.ctx.db.schedule.update({ where: { id: e.id }, data: { startTime: '22:00', endTime: '02:00', endDate: new Date('2026-06-08') } });
    // 02:00 UTC on 10 June: 05:00 on the 10th in Istanbul, 22:00 on the 9th in New York.
    const at = new Date('2026-06-10T02:00:00Z');
    const configs = await build([w.a.id, w.b.id], opts(at));
    expect(configs.get(w.a.id)!.schedule.entries).toEqual([]);
    expect(configs.get(w.a.id)!.schedule.playlists).toEqual([]);
    // New York's 9th: the window of the 8th ran until 02:00 that morning; the entry is kept a day longer.
    expect(configs.get(w.b.id)!.schedule.entries.map((x) => x.id)).toEqual([e.id]);
    // On its last day and the day after, Istanbul keeps it too.
    expect((await one(w.a.id, opts(new Date('2026-06-09T01:30:00Z')))).schedule.entries).toHaveLength(1);
  });

  it('carries nothing that is not the owner\'s, and no entries once the package has ended', async () => {
    const w = await world();
    const other = await newCustomer(t);
    const foreignList = await makePlaylist(t, other.id, [{ mediaId: (await makeMedia(t, other.id)).id }], 'Başkası');
    const foreignTicker = await makeTicker(t, other.id, ['Gizli'], 3, 'Başka yazı');
    // Rows the API never writes (its checks refuse them), made directly: the build re-checks.
    await makeSchedule(t, other.id, { playlistId: foreignList.id, screenIds: [w.a.id] });
    await makeSchedule(t, w.u.id, { playlistId: foreignList.id, screenIds: [w.a.id] });
    const own = await makeSchedule(t, w.u.id, { playlistId: w.lunch.id, tickerPlaylistId: foreignTicker.id, screenIds: [w.a.id] });
    const a = await one(w.a.id);
    expect(a.schedule.entries.map((e) => [e.id, e.tickerPlaylistId])).toEqual([[own.id, null]]);
    expect(a.schedule.playlists.map((p) => p._id)).toEqual([w.lunch.id]);
    expect(a.schedule.tickers).toEqual([]);

    await t.ctx.db.purchase.updateMany({ where: { userId: w.u.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await one(w.a.id);
    expect(expired.notice?.kind).toBe('package-expired');
    expect(expired.schedule).toEqual({ timezone: 'Europe/Istanbul', entries: [], playlists: [], tickers: [] });
  });

  it('the shared-content memo never serves another screen\'s or an older schedule', async () => {
    const w = await world();
    const cache = new ScreenConfigCache(60_000, () => Date.now());
    const withMemo = () => ({ ...opts(), memo: cache.contentMemo(cache.stamp) });
    const e = await makeSchedule(t, w.u.id, { playlistId: w.lunch.id, screenIds: [w.a.id] });
    expect((await one(w.a.id, withMemo())).schedule.entries).toHaveLength(1);
    // C's row points at the same playlist as A's, but no entry reaches it.
    expect((await one(w.c.id, withMemo())).schedule.entries).toEqual([]);
    // An edit nobody announced (no invalidation): the entry's change time keys the memo.
    await t.ctx.db.schedule.update({ where: { id: e.id }, data: { startTime: '11:00' } });
    expect((await one(w.a.id, withMemo())).schedule.entries[0]!.startTime).toBe('11:00');
    // A group change reaching a screen: its set of entries keys the memo.
    await makeSchedule(t, w.u.id, { playlistId: w.lobby.id, groupIds: [w.cafe.id] });
    await t.ctx.db.screenGroupMember.create({ data: { groupId: w.cafe.id, screenId: w.c.id } });
    expect((await one(w.c.id, withMemo())).schedule.entries).toHaveLength(1);
    // Built with the memo or without, the same config.
    expect(await one(w.a.id, withMemo())).toEqual(await one(w.a.id));
  });
});
