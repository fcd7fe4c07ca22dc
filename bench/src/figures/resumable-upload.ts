import { readdir, stat } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { TUS_CHUNK_BYTES } from '@pano/contract/constants';
import { startChild, type Child } from '../lib/children.js';
import { tinyClip } from '../lib/clips.js';
import { rssOf } from '../lib/machine.js';
import type { Counts } from '../lib/modes.js';
import { ratioOf, type FigureRow } from '../lib/result.js';
import { round, sleep } from '../lib/stats.js';
import { seedFleet } from '../fixtures/bench-db.js';
import type { ProxyStats } from '../procs/capped-proxy.js';
import { makeDataDir, settledRss, startPano } from './fleet.js';
import { MediaWatch } from './media-watch.js';
import { bareUpload, tusUpload, type BareUpload } from './upload.js';

/** What deploy/nginx.conf lets through in one request body. */
export const PROXY_MAX_BODY_BYTES = 100 * 1024 * 1024;
const CUTS = 3;
const MB = 1024 * 1024;

/** A proxy child in front of `target` (procs/capped-proxy.ts). */
export async function startProxy(target: string): Promise<{ child: Child; url: string }> {
  const child = await startChild('capped-proxy', { PROXY_TARGET: target, PROXY_MAX_BODY_BYTES: String(PROXY_MAX_BODY_BYTES) });
  const { url } = await child.call<{ url: string }>('info');
  return { child, url };
}

/** The cap is in force: a request declaring a body one byte over it is answered 413 before any of it is sent. */
function capAnswer(proxyUrl: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${proxyUrl}/api/media/upload`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': PROXY_MAX_BODY_BYTES + 1 },
    }, (res) => { res.resume(); resolve(res.statusCode ?? 0); req.destroy(); });
    req.on('error', reject);
    req.flushHeaders();
  });
}

/** Files and bytes under a folder (the API's uploads, its tus store included). */
async function footprint(dir: string): Promise<{ files: number; bytes: number }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let bytes = 0;
  let files = 0;
  for (const e of entries) {
    if (!e.isFile()) continue;
    files++;
    bytes += (await stat(path.join(e.parentPath, e.name))).size;
  }
  return { files, bytes };
}

/**
 * P16 (issue #24): a `resumableMb` upload with tus-js-client through a proxy that caps request
 * bodies at 100 MB and cuts the connection three times mid-way (at ¼, ½ and ¾ of the file's
 * bytes forwarded). It must complete, and send again at most 3 chunks: bytes the proxy forwarded
 * to the API − the file's size. Throughput against P7's bare stream-to-disk baseline.
 */
export async function resumableUploadFigures(c: Counts, measuredBare: BareUpload | undefined, log: (m: string) => void): Promise<FigureRow[]> {
  const bare = measuredBare ?? await bareUpload(c, log);
  const bytes = c.resumableMb * MB;
  const data = await makeDataDir();
  const tus = await startChild('tus-client');
  const pano = await startPano(data.dir, { MAX_UPLOAD_MB: String(c.resumableMb + 10) });
  let watch: MediaWatch | undefined;
  let proxy: { child: Child; url: string } | undefined;
  try {
    const clipPath = await tinyClip();
    const fleet = await seedFleet({ screens: 1, items: 1, uploadsDir: data.uploads, storageGb: Math.ceil(c.resumableMb / 1024) + 2 });
    const seeded = await footprint(data.uploads);
    proxy = await startProxy(pano.url);
    const capStatus = await capAnswer(proxy.url, fleet.userToken);
    if (capStatus !== 413) throw new Error(`the proxy let a body over ${PROXY_MAX_BODY_BYTES / MB} MB through (HTTP ${capStatus})`);
    watch = await MediaWatch.open(pano.url, fleet.userToken);

    const cuts = Array.from({ length: CUTS }, (_, i) => Math.round(((i + 1) * bytes) / (CUTS + 1)));
    await proxy.child.call('arm', { cuts });
    const load = [os.loadavg()[0]!];
    const before = await settledRss(pano);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) { peak = Math.max(peak, rssOf(pano.child.pid)); await sleep(50); }
    })();
    log(`P16: ${c.resumableMb} MB through tus, a 100 MB proxy cap and ${CUTS} cuts`);
    const upload = await tusUpload(tus, {
      endpoint: `${proxy.url}/api/uploads`, token: fleet.userToken, name: 'Bench büyük video', filename: 'bench-2gb.mp4',
      source: { clipPath, bytes }, chunkSize: TUS_CHUNK_BYTES,
    }).finally(() => { sampling = false; });
    await sampler;
    load.push(os.loadavg()[0]!);
    const stats = await proxy.child.call<ProxyStats>('stats');
    if (stats.cuts.length !== CUTS) throw new Error(`the proxy cut ${stats.cuts.length} times, not ${CUTS}`);

    const end = await watch.settled(upload.mediaId, upload.answeredAt, 120_000);
    if (end.status !== 'ready') throw new Error(`the uploaded video ended ${end.status}: ${end.error}`);
    await watch.remove(upload.mediaId);
    const left = await footprint(data.uploads);

    const again = stats.forwarded - bytes;
    const chunks = again / TUS_CHUNK_BYTES;
    const seconds = (upload.answeredAt - upload.startedAt) / 1000;
    const mbps = c.resumableMb / seconds;
    const mb = (b: number) => `${round(b / MB, 1)} MB`;
    const setting = `${c.resumableMb} MB video (a 2 s clip + filler, generated on the fly), tus-js-client in ${TUS_CHUNK_BYTES / MB} MB chunks (retries at once, then after 1, 3, 5 s) `
      + `through a proxy child that answers 413 to bodies over ${PROXY_MAX_BODY_BYTES / MB} MB (checked: a ${PROXY_MAX_BODY_BYTES / MB} MB + 1 B body got ${capStatus}) `
      + `and cut the connection (both sides, mid-body) when it had forwarded ${cuts.map((b) => mb(b)).join(', ')} — `
      + `${stats.cuts.map((k) => `${mb(k.intoRequest)} into a ${k.method} of ${mb(k.declared)}`).join('; ')}`;
    const requests = Object.entries(stats.requests).map(([m, n]) => `${n} ${m}`).join(', ');
    const after = `requests through the proxy: ${requests}; client retries ${upload.retries} (${[...new Set(upload.retryReasons)].join(' | ')}); `
      + `1-minute load average ${load.map((l) => round(l, 1)).join(' → ')} on ${os.cpus().length} cores; API RSS growth ${mb(peak - before)}; `
      + `then processed (ready) and deleted: uploads folder ${left.files} files, ${round(left.bytes / 1024, 1)} KB (before: ${seeded.files}, ${round(seeded.bytes / 1024, 1)} KB)`;
    return [
      {
        id: 'P16', figure: `resumable upload ${c.resumableMb} MB, 100 MB proxy cap, ${CUTS} cuts: bytes sent twice`,
        value: `${mb(again)} (${round(chunks, 2)} chunks); completed, Media-Id answered`, baseline: '—', ratio: null,
        goal: `completes; ≤ ${CUTS} chunks (${mb(CUTS * TUS_CHUNK_BYTES)})`, pass: again <= CUTS * TUS_CHUNK_BYTES,
        note: `${setting}; forwarded to the API ${mb(stats.forwarded)} for a file of ${mb(bytes)}; ${after}`,
      },
      {
        id: 'P16', figure: `resumable upload ${c.resumableMb} MB, 100 MB proxy cap, ${CUTS} cuts: throughput`,
        value: `${round(mbps)} MB/s (${round(seconds, 1)} s)`, baseline: `P7 bare ${round(bare.mbps)} MB/s`, ratio: ratioOf(mbps, bare.mbps),
        goal: '— (reported)', pass: null,
        note: `${setting}; from the creation request to the final PATCH's answer (Media-Id), cuts and retries included; baseline: P7's bare stream-to-disk server, ${bare.mb} MB multipart, best of ${bare.runs.join(', ')} MB/s, same run; ${after}`,
      },
    ];
  } finally {
    watch?.close();
    await proxy?.child.kill();
    await pano.child.kill();
    await tus.kill();
    await data.remove();
  }
}
