import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newCustomer, type TestApp, type TestUser } from '../../../test/harness.js';
import { minimalMp4, tinyPng } from '../../storage/testing/sample-files.js';
import { incomingDir } from '../../storage/upload-to-disk.js';

// docs/OPERATIONS.md#uploads: the storage limit stops an upload while it streams, counting the
// customer's other uploads in flight, instead of after the whole file is on disk.
const MB = 1024 * 1024;
const GB = 1024 * MB;

let t: TestApp;
let server: http.Server;
beforeAll(async () => {
  t = await createTestApp();
  server = http.createServer(t.app).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await t.close();
});

const BOUNDARY = 'pano-quota-boundary';
const form = (file: Buffer, name: string) => Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`),
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
  file,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

type Answer = { status: number; body: { code?: string; message?: string } };

/**
 * Sends a form the way a browser does, 64 KB at a time, writing only as fast as the server
 * reads; stops when the answer arrives. `holdAt`: stops after that many bytes until `go()`.
 */
function sendForm(u: TestUser, body: Buffer, holdAt?: number, to = { method: 'POST', path: '/api/media/upload' }) {
  let go!: () => void;
  const held = new Promise<void>((r) => { go = r; });
  let sent = 0;
  let answered = false;
  const req = http.request({
    host: '127.0.0.1', port: (server.address() as AddressInfo).port, ...to,
    headers: { ...u.auth, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(body.length) },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }));
    });
    // Writing into a connection the server closed after answering is expected; before that it is not.
    req.on('error', (err) => { if (!answered) reject(err); });
  });
  const closed = new Promise<void>((r) => req.once('close', () => r()));
  void (async () => {
    while (sent < body.length && !answered && !req.destroyed) {
      if (holdAt !== undefined && sent >= holdAt) {
        await held;
        holdAt = undefined;
      }
      const chunk = body.subarray(sent, sent + 64 * 1024);
      sent += chunk.length;
      if (!req.write(chunk)) await Promise.race([new Promise((r) => req.once('drain', r)), closed]);
    }
    if (sent >= body.length) req.end();
  })();
  return { answer, go, sent: () => sent };
}

async function fillStorage(u: TestUser, bytes: number) {
  await t.ctx.db.media.create({
    data: { ownerId: u.id, name: 'Dolu', fileName: `fill-${u.id}.mp4`, kind: 'video', mime: 'video/mp4', sizeBytes: BigInt(bytes) },
  });
}

const tempFiles = () => readdir(incomingDir(t.ctx.config.uploadsDir)).catch(() => [] as string[]);
/** Until an upload's temp file holds `bytes`: the server has read that much of it. */
const tempFileReaches = (bytes: number) => expect.poll(async () => {
  const dir = incomingDir(t.ctx.config.uploadsDir);
  const sizes = await Promise.all((await tempFiles()).map(async (f) => (await stat(path.join(dir, f)).catch(() => null))?.size ?? 0));
  return sizes.some((s) => s >= bytes);
}).toBe(true);

describe('storage limit while uploading', () => {
  it('cuts an upload off with 409 as soon as it passes the space left, reading no further and keeping no temp file', async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 1 });
    await fillStorage(u, GB - 1 * MB); // 1 MB left
    // An MP4 header, then 64 MB.
    const body = form(Buffer.concat([minimalMp4(0), Buffer.alloc(64 * MB)]), 'Büyük video');

    const upload = sendForm(u, body);
    const res = await upload.answer;

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'LIMIT_REACHED', message: 'Medya depolama sınırınıza ulaştınız (1 GB). Yer açmak için medya silin veya paketinizi yükseltin.' });
    // The server stopped reading: most of the 64 MB never left the client (socket buffers hold a few MB).
    expect(upload.sent()).toBeLessThan(body.length / 2);
    expect(await tempFiles()).toEqual([]);
    expect(await t.ctx.db.media.count({ where: { ownerId: u.id } })).toBe(1);
  });

  it("counts the customer's upload in flight: a second one that would fit alone is refused while the first streams, and the first is stored", async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 1 });
    await fillStorage(u, GB - 3 * MB); // 3 MB left: room for one 2 MB video, not two
    // A picture padded to 2 MB: stored as it is, so the test is about the bytes alone.
    const first = sendForm(u, form(Buffer.concat([tinyPng(), Buffer.alloc(2 * MB)]), 'Birinci'), 1.5 * MB);
    // The server has taken at least 1 MB of the first video.
    await tempFileReaches(1 * MB);

    const second = await sendForm(u, form(minimalMp4(2 * MB), 'İkinci')).answer;
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('LIMIT_REACHED');

    first.go();
    const stored = await first.answer;
    expect(stored.status).toBe(201);
    const rows = await t.ctx.db.media.findMany({ where: { ownerId: u.id }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => r.name)).toEqual(['Dolu', 'Birinci']);
    expect(await tempFiles()).toEqual([]);
  });

  it('counts the file a replacement frees for every upload in flight: a new upload beside it fits in what the swap leaves', async () => {
    const u = await newCustomer(t, { maxMediaUploadGb: 1 });
    await fillStorage(u, GB - 3 * MB);
    const picture = (bytes: number) => Buffer.concat([tinyPng(), Buffer.alloc(bytes - tinyPng().length)]);
    const item = (await t.http.post('/api/media/upload').set(u.auth).field('name', 'Afiş').attach('file', picture(2 * MB), 'a.png').expect(201)).body as { _id: string };
    // 1 MB left; the 2.5 MB replacement of the 2 MB picture adds 0.5 MB, so 0.4 MB more fits beside it.
    const replacing = sendForm(u, form(picture(2.5 * MB), 'Afiş'), 2 * MB, { method: 'PUT', path: `/api/media/${item._id}/file` });
    await tempFileReaches(1.5 * MB);

    const beside = await sendForm(u, form(picture(0.4 * MB), 'Yanında')).answer;
    expect(beside.status).toBe(201);

    replacing.go();
    expect((await replacing.answer).status).toBe(200);
    expect(await tempFiles()).toEqual([]);
  });
});
