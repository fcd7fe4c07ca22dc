import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { ms, type FigureRow } from '../lib/result.js';
import { round, sleep, summarize } from '../lib/stats.js';
import { benchDatabaseUrl, bumpDurationsInDb, seedFleet, type Player } from '../fixtures/bench-db.js';
import { makeDataDir, startPano } from './fleet.js';
import { droppedWithin, dropsBeside, layoutProbe, type ProbeResult } from './layout-probe.js';

/*
 * P15 (issue #23): a 4-zone layout at 1920 × 1080 beside the same video alone, full screen, in
 * one run (docs/PERFORMANCE.md#layout-playback-p15). The clip and the images are made here by
 * ffmpeg (an npm package's binary), so nothing is downloaded.
 */

const playerDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../player/dist');
/** The same flags for both runs; sound may start without a gesture, as on a kiosk-mode device. */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--autoplay-policy=no-user-gesture-required'];
const VIEWPORT = { width: 1920, height: 1080 };
const SECONDS = Number(process.env.BENCH_P15_SECONDS) || 300;
const CLIP_SECONDS = 24;
/**
 * Playing before the measurement starts: every zone once round its loop, the video included
 * (its second round is a new element), so the heap's base has what the first round allocates
 * once, as P8 takes its base after 100 transitions (docs/PERFORMANCE.md#layout-playback-p15).
 */
const WARM_SECONDS = CLIP_SECONDS + 6;
const IMAGE_SECONDS = 3;
const IMAGE_ZONE = 'Görseller';
const H264 = 'video/mp4; codecs="avc1.640028"';

const exec = promisify(execFile);
const ffmpegPath = (): string => (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** A 1080p 30 fps H.264 (High) clip of ffmpeg's test pattern, moov atom first. */
async function makeClip(file: string): Promise<void> {
  await exec(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${CLIP_SECONDS}`,
    '-c:v', 'libx264', '-profile:v', 'high', '-level', '4.0', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-crf', '23', '-movflags', '+faststart', file]);
}

async function makeImage(file: string): Promise<Buffer> {
  await exec(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=960x540', '-frames:v', '1', file]);
  return readFile(file);
}

type Run = ProbeResult & { heapStart: number; heapEnd: number; navigations: number; load: number[] };

export async function layoutPlayback(log: (m: string) => void): Promise<FigureRow[]> {
  if (!existsSync(path.join(playerDist, 'index.html'))) throw new Error('player/dist is missing: run `npm run build -w player` first');
  const data = await makeDataDir();
  let browser: Browser | undefined;
  const pano = await startPano(data.dir);
  try {
    log('P15: making the 1080p H.264 clip with ffmpeg');
    const clip = path.join(data.dir, 'clip.mp4');
    await makeClip(clip);
    const image = { bytes: await makeImage(path.join(data.dir, 'image.png')), width: 960, height: 540 };
    // Two screens: [0] the video alone, [1] the layout. The fleet's playlist is the image zone's.
    const fleet = await seedFleet({ screens: 2, items: 3, uploadsDir: data.uploads, image });
    await bumpDurationsInDb(fleet.playlistId, IMAGE_SECONDS);
    const clipFile = `${randomUUID()}.mp4`;
    await copyFile(clip, path.join(data.uploads, clipFile));
    await seedLayout(fleet.ownerId, fleet.playlistId, fleet.players, clipFile, (await stat(clip)).size);

    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const runOne = async (p: Player, zone: string | null, what: string): Promise<Run> => {
      const context = await browser!.newContext({ viewport: VIEWPORT });
      const page = await context.newPage();
      try {
        let navigations = 0;
        page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations++; });
        await page.addInitScript({ content: layoutProbe({ creds: JSON.stringify({ deviceToken: p.deviceToken, screenId: p.screenId }), maxFrames: SECONDS * 150 + 1000, zone }) });
        const cdp = await context.newCDPSession(page);
        const heap = async () => {
          await cdp.send('HeapProfiler.collectGarbage');
          return (await cdp.send('Runtime.getHeapUsage')).usedSize;
        };
        await page.goto(`${pano.url}/player/`);
        if (await page.evaluate((t) => document.createElement('video').canPlayType(t), H264) === '') throw new Error(`Chromium cannot play ${H264}`);
        await page.waitForFunction(() => (window as unknown as { __p15: { ready: () => boolean } }).__p15.ready(), null, { timeout: 60_000 });
        await sleep(WARM_SECONDS * 1000);
        const heapStart = await heap();
        await page.evaluate(() => (window as unknown as { __p15: { start: () => void } }).__p15.start());
        log(`P15: ${what} for ${SECONDS} s`);
        // The 1-minute load average along the run: other work on the machine shows in every figure.
        const load = [os.loadavg()[0]!];
        const end = Date.now() + SECONDS * 1000;
        while (Date.now() < end) {
          await sleep(Math.min(5000, end - Date.now()));
          load.push(os.loadavg()[0]!);
        }
        const result = await page.evaluate(() => (window as unknown as { __p15: { stop: () => ProbeResult } }).__p15.stop());
        const heapEnd = await heap();
        return { ...result, heapStart, heapEnd, navigations: navigations - 1, load };
      } finally {
        await context.close();
      }
    };
    // The video alone first, then the layout: the same browser, flags and viewport.
    const alone = await runOne(fleet.players[0]!, null, 'the video alone, full screen');
    const layout = await runOne(fleet.players[1]!, IMAGE_ZONE, 'the 4-zone layout');
    return rows(alone, layout);
  } finally {
    await browser?.close().catch(() => {});
    await pano.child.kill();
    await data.remove();
  }
}

function rows(alone: Run, layout: Run): FigureRow[] {
  const a = summarize(alone.frames);
  const b = summarize(layout.frames);
  const pct = (d: number, t: number) => (t > 0 ? `${round((d / t) * 100, 2)} %` : 'n/a');
  const rate = (r: Run) => (r.total > 0 ? r.dropped / r.total : NaN);
  const growth = (r: Run) => (r.heapEnd - r.heapStart) / r.heapStart;
  const mb = (v: number) => `${round(v / 1024 / 1024, 2)} MB`;
  const reloads = (r: Run) => (r.navigations > 0 ? `; the page reloaded ${r.navigations}× during the run` : '');
  const setting = `${SECONDS} s each after ${WARM_SECONDS} s of warm-up, shipped player/dist in Chromium headless (--disable-gpu: software decoding and compositing) at ${VIEWPORT.width} × ${VIEWPORT.height}; `
    + `layout: video 75 % × 85 % (cover), images (${IMAGE_SECONDS} s items, 3 PNGs 960 × 540) and a digital clock with seconds in the right column, a ticker of two texts along the bottom 15 %; `
    + `alone: a screen whose playlist is the same ${CLIP_SECONDS} s 1080p 30 fps H.264 (High) clip`;
  const loadOf = (r: Run) => `${round(Math.min(...r.load), 1)}–${round(Math.max(...r.load), 1)} (mean ${round(r.load.reduce((x, y) => x + y, 0) / r.load.length, 1)})`;
  const load = `1-minute load average on ${os.cpus().length} cores during the run: layout ${loadOf(layout)}, alone ${loadOf(alone)}`;
  const ratio = rate(alone) > 0 ? Number((rate(layout) / rate(alone)).toFixed(2)) : null;
  return [
    {
      id: 'P15', figure: 'layout playback: dropped video frames', value: `${layout.dropped} of ${layout.total} (${pct(layout.dropped, layout.total)})`,
      baseline: `video alone ${alone.dropped} of ${alone.total} (${pct(alone.dropped, alone.total)})`, ratio,
      goal: '≤ 1.2 × the video alone', pass: droppedWithin(layout, alone, 1.2),
      note: `${setting}; ${load}; getVideoPlaybackQuality summed over the video elements of the run (${layout.videoElements} in the layout run, ${alone.videoElements} alone: a video looping alone keeps its element)${reloads(layout)}; `
        + `where the drops fell (read every 15th frame): layout ${dropsBeside(layout)}; alone ${dropsBeside(alone)}`,
    },
    {
      id: 'P15', figure: 'layout playback: image changes with no picture', value: `${layout.blankChanges} of ${layout.changes}`,
      baseline: `${layout.blankFrames} frames without a visible image`, ratio: null, goal: '0', pass: layout.changes > 0 && layout.blankChanges === 0,
      note: `${setting}; at each change of the image zone's topmost visible <img> (opacity 1), in that frame and the next 6 (rAF), the image's pixels drawn on a 4 × 4 canvas must not be all black or transparent; `
        + `this sees the element, its opacity and its decoded pixels, not the composited screen${layout.unreadable ? `; ${layout.unreadable} readbacks failed (counted as shown)` : ''}`,
    },
    {
      id: 'P15', figure: 'layout playback: JS heap growth', value: `${round(growth(layout) * 100, 2)} % (${mb(layout.heapStart)} → ${mb(layout.heapEnd)})`,
      baseline: `video alone ${round(growth(alone) * 100, 2)} % (${mb(alone.heapStart)} → ${mb(alone.heapEnd)})`, ratio: null, goal: '≤ 5 %', pass: growth(layout) <= 0.05,
      note: `${setting}; used JS heap after a forced GC (CDP) at the start and the end of the measured time${reloads(alone)}`,
    },
    {
      id: 'P15', figure: 'layout playback: frame interval p99 (rAF)', value: `${ms(b.p99)} (p50 ${ms(b.p50)}, max ${ms(b.max)}, ${b.n} frames)`,
      baseline: `video alone ${ms(a.p99)} (p50 ${ms(a.p50)}, max ${ms(a.max)}, ${a.n} frames)`, ratio: a.p99 > 0 ? Number((b.p99 / a.p99).toFixed(2)) : null,
      goal: '— (reported)', pass: null,
      note: `${setting}; every requestAnimationFrame interval of the measured time; ${load}`,
    },
  ];
}

/** The video's media and playlist, a clock app, a ticker, the layout of four zones; screen [0] plays the video, screen [1] the layout. */
async function seedLayout(ownerId: string, imagePlaylistId: string, players: Player[], clipFile: string, clipBytes: number): Promise<void> {
  const db = new pg.Client({ connectionString: benchDatabaseUrl });
  await db.connect();
  try {
    await db.query('BEGIN');
    const [videoId, clockId, videoList, clockList, tickerId, layoutId] = Array.from({ length: 6 }, () => randomUUID());
    await db.query(
      `INSERT INTO media (id, "ownerId", name, "fileName", kind, mime, "sizeBytes", width, height, "durationSec") VALUES ($1, $2, 'Bench video', $3, 'video', 'video/mp4', $4, 1920, 1080, $5)`,
      [videoId, ownerId, clipFile, clipBytes, CLIP_SECONDS],
    );
    await db.query(`INSERT INTO media (id, "ownerId", name, "fileName", kind, mime, "sizeBytes", app) VALUES ($1, $2, 'Saat', NULL, 'app', '', 0, $3)`,
      [clockId, ownerId, JSON.stringify({ kind: 'clock', style: 'digital', showDate: true, showSeconds: true })]);
    for (const [list, media, name, seconds] of [[videoList, videoId, 'Bench video', CLIP_SECONDS + 5], [clockList, clockId, 'Bench saat', 60]] as const) {
      await db.query(`INSERT INTO playlists (id, "ownerId", name, "updatedAt") VALUES ($1, $2, $3, now())`, [list, ownerId, name]);
      await db.query(`INSERT INTO playlist_items (id, "playlistId", "mediaId", position, duration) VALUES ($1, $2, $3, 0, $4)`, [randomUUID(), list, media, seconds]);
    }
    await db.query(`INSERT INTO direction_playlists (id, "ownerId", name, speed, "updatedAt") VALUES ($1, $2, 'Bench kayan yazı', 3, now())`, [tickerId, ownerId]);
    await db.query(`INSERT INTO direction_texts (id, "playlistId", position, text) VALUES ($1, $3, 0, 'Hoş geldiniz: kafeterya giriş katında'), ($2, $3, 1, 'Toplantı salonu 3. katta →')`,
      [randomUUID(), randomUUID(), tickerId]);
    await db.query(`INSERT INTO layouts (id, "ownerId", name, "updatedAt") VALUES ($1, $2, 'Bench 4 bölge', now())`, [layoutId, ownerId]);
    const zones: [string, number, number, number, number, string | null, string | null][] = [
      ['Video', 0, 0, 75, 85, videoList!, null],
      [IMAGE_ZONE, 75, 0, 25, 42.5, imagePlaylistId, null],
      ['Saat', 75, 42.5, 25, 42.5, clockList!, null],
      ['Kayan yazı', 0, 85, 100, 15, null, tickerId!],
    ];
    for (const [i, [name, x, y, w, h, playlist, ticker]] of zones.entries()) {
      await db.query(`INSERT INTO layout_zones (id, "layoutId", position, name, x, y, width, height, "playlistId", "tickerPlaylistId") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [randomUUID(), layoutId, i, name, x, y, w, h, playlist, ticker]);
    }
    await db.query(`UPDATE screens SET "currentPlaylistId" = $1 WHERE id = $2`, [videoList, players[0]!.screenId]);
    await db.query(`UPDATE screens SET "currentPlaylistId" = NULL, "currentLayoutId" = $1 WHERE id = $2`, [layoutId, players[1]!.screenId]);
    await db.query('COMMIT');
  } finally {
    await db.end();
  }
}
