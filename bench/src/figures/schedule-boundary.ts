import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { ms, type FigureRow } from '../lib/result.js';
import { sleep, summarize } from '../lib/stats.js';
import { seedFleet } from '../fixtures/bench-db.js';
import { makeDataDir, startPano } from './fleet.js';

const playerDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../player/dist');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** Boundaries measured: each window gives two (its start and its end). */
const BOUNDARIES = Number(process.env.BENCH_BOUNDARIES) || 100;
/** Where the page clock is set before each boundary; from there it runs at natural speed. */
const LEAD_MS = 500;
const ZONE = 'Europe/Istanbul';

/** 'HH:MM' of an instant on the wall clock of `zone`. */
function wallClock(instant: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('hour')}:${part('minute')}`;
}

/**
 * Runs in the page before the player (plain JS text): remembers the pairing and records, by
 * the page's own clock, every change of the resolved playlist or of the visible media.
 */
const probe = (creds: string) => `(() => {
  localStorage.setItem('pano.device', ${JSON.stringify(creds)});
  const log = [];
  window.__seen = log;
  const read = () => {
    const player = document.querySelector('[data-testid="player"]');
    if (!player) return;
    const visible = Array.from(document.querySelectorAll('[data-testid="player-image"]'))
      .filter((el) => el.style.opacity === '1').map((el) => new URL(el.getAttribute('src') || '', location.href).pathname).join(',');
    const playlist = player.dataset.playlist || '';
    const last = log[log.length - 1];
    if (!last || last.playlist !== playlist || last.visible !== visible) log.push({ at: Date.now(), playlist, visible });
  };
  new MutationObserver(read).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'data-playlist', 'src'] });
})();`;

type Seen = { at: number; playlist: string; visible: string };

/**
 * P14: how late the shipped player switches at a schedule boundary. One screen with its own
 * playlist and 50 one-minute windows (2 minutes apart) of another; the page runs on
 * Playwright's clock, jumped to 500 ms before each boundary and then left running at natural
 * speed, so the player's own timer to `until` fires from a real timer. Delay = the page's
 * Date.now() when the other playlist's item becomes visible − the boundary.
 */
export async function scheduleBoundary(log: (m: string) => void): Promise<FigureRow[]> {
  if (!existsSync(path.join(playerDist, 'index.html'))) throw new Error('player/dist is missing: run `npm run build -w player` first');
  const data = await makeDataDir();
  let browser: Browser | undefined;
  const pano = await startPano(data.dir);
  try {
    const fleet = await seedFleet({ screens: 1, items: 2, uploadsDir: data.uploads });
    const { screenId, deviceToken } = fleet.players[0]!;
    const api = async <T>(url: string, method: string, body: unknown): Promise<T> => {
      const res = await fetch(`${pano.url}${url}`, {
        method, headers: { Authorization: `Bearer ${fleet.userToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    // An hour per item: the only changes are the boundaries.
    const own = await api<{ _id: string }>('/api/playlists', 'POST', { name: 'Kendi', mediaItems: [{ media: fleet.mediaIds[0], duration: 3600 }] });
    const other = await api<{ _id: string }>('/api/playlists', 'POST', { name: 'Zamanlı', mediaItems: [{ media: fleet.mediaIds[1], duration: 3600 }] });
    await api(`/api/screens/${screenId}`, 'PUT', { currentPlaylist: own._id });
    const windows = Math.ceil(BOUNDARIES / 2);
    const first = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000;
    const boundaries: { at: number; playlist: string }[] = [];
    for (let k = 0; k < windows; k++) {
      const start = first + k * 120_000;
      await api('/api/schedules', 'POST', {
        name: `Pencere ${k + 1}`, playlist: other._id, screens: [screenId], groups: [], days: [1, 2, 3, 4, 5, 6, 7],
        startTime: wallClock(start, ZONE), endTime: wallClock(start + 60_000, ZONE), priority: 5, enabled: true,
      });
      boundaries.push({ at: start, playlist: other._id }, { at: start + 60_000, playlist: own._id });
    }
    // seedFleet names each file after its media id.
    const expectedMedia = new Map([[own._id, `/uploads/${fleet.mediaIds[0]}.png`], [other._id, `/uploads/${fleet.mediaIds[1]}.png`]]);

    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 640, height: 360 }, timezoneId: ZONE });
    const page = await context.newPage();
    await page.clock.install({ time: first - 30_000 });
    await page.addInitScript({ content: probe(JSON.stringify({ deviceToken, screenId })) });
    await page.goto(`${pano.url}/player/`);
    const seen = () => page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);
    const waitFor = async (ok: (s: Seen[]) => Seen | undefined, what: string) => {
      const limit = Date.now() + 10_000;
      for (;;) {
        const hit = ok(await seen());
        if (hit) return hit;
        if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
        await sleep(20);
      }
    };
    await waitFor((s) => s.find((x) => x.playlist === own._id && x.visible === expectedMedia.get(own._id)), 'the own playlist');
    log(`schedule boundaries: ${boundaries.length} boundaries of ${windows} one-minute windows`);
    const delays: number[] = [];
    for (const b of boundaries) {
      await page.clock.pauseAt(b.at - LEAD_MS);
      await page.clock.resume();
      const hit = await waitFor((s) => s.find((x) => x.at >= b.at - LEAD_MS && x.playlist === b.playlist && x.visible === expectedMedia.get(b.playlist)),
        `the switch at boundary ${boundaries.indexOf(b) + 1}`);
      delays.push(hit.at - b.at);
    }
    const s = summarize(delays);
    const early = delays.filter((d) => d < 0).length;
    return [{
      id: 'P14', figure: `schedule boundary: switch time − boundary (p50 / p99 / max over ${s.n})`,
      value: `${ms(s.p50)} / ${ms(s.p99)} / ${ms(s.max)}`, baseline: `min ${ms(Math.min(...delays))}${early ? `, ${early} early` : ''}`,
      ratio: null, goal: 'max < 1000 ms, never early', pass: s.max < 1000 && early === 0,
      note: `${s.n} boundaries (${windows} one-minute windows two minutes apart, ${ZONE}) of the shipped player/dist in Chromium headless; `
        + `Playwright's page clock is jumped to ${LEAD_MS} ms before each boundary (firing the timers due on the way) and then runs at natural speed, `
        + 'so the player\'s own timer to `until` fires from a real timer; the switch time is the page\'s Date.now() in a MutationObserver when the '
        + 'new playlist\'s item becomes visible (image loaded, opacity 1); items last an hour, so a boundary is the only change',
      detail: { delays },
    }];
  } finally {
    await browser?.close().catch(() => {});
    await pano.child.kill();
    await data.remove();
  }
}
