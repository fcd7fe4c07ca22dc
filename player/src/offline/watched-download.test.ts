import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_STALL_MS, downloadsWatched, fetchWatched } from './watched-download.js';

/*
 * A network that goes silent without closing (docs/architecture/player.md#network-waits): a
 * real HTTP server that answers when the test says so, and the player's clock moved by the test.
 */
describe('a download that goes silent ends', () => {
  let server: Server;
  let host: string;
  /** The answers the server holds open, in the order asked. */
  let held: ServerResponse[];
  let arrived: () => void;
  const nextRequest = () => new Promise<void>((resolve) => (arrived = resolve));
  /** Resolves once the stream has something to read (a chunk came over the socket). */
  const readNext = (reader: ReadableStreamDefaultReader<Uint8Array>) => reader.read();

  beforeEach(async () => {
    held = [];
    server = createServer((_req, res) => {
      held.push(res);
      arrived();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const res of held) res.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('a download that keeps coming, however slowly, is never cut; one silent for the stall time is', async () => {
    const asked = nextRequest();
    const download = fetchWatched(`${host}/uploads/big.mp4`, {});
    await asked;
    const res = held[0]!;
    res.writeHead(200, { 'Content-Type': 'video/mp4' });
    res.flushHeaders();
    const reader = (await download).body!.getReader();
    // Four chunks, each just inside the stall time: the whole takes far longer than it.
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(DOWNLOAD_STALL_MS - 1_000);
      res.write(`chunk ${i};`);
      expect(new TextDecoder().decode((await readNext(reader)).value)).toBe(`chunk ${i};`);
    }
    expect(downloadsWatched()).toBe(1);
    // Then silence: the download fails and its watch is over.
    const failed = readNext(reader).then(() => 'read', (err: unknown) => (err as Error).name);
    await vi.advanceTimersByTimeAsync(DOWNLOAD_STALL_MS);
    expect(await failed).toBe('TimeoutError');
    expect(downloadsWatched()).toBe(0);
  });

  it('a download whose answer never starts fails after the stall time', async () => {
    const asked = nextRequest();
    const download = fetchWatched(`${host}/uploads/big.mp4`, {}).then(() => 'answered', (err: unknown) => (err as Error).name);
    await asked;
    await vi.advanceTimersByTimeAsync(DOWNLOAD_STALL_MS);
    expect(await download).toBe('TimeoutError');
  });

  it('a download read to its end leaves no watch behind', async () => {
    const asked = nextRequest();
    const download = fetchWatched(`${host}/uploads/small.png`, {});
    await asked;
    held[0]!.writeHead(200, { 'Content-Type': 'image/png' }).end('png');
    expect(await (await download).text()).toBe('png');
    expect(downloadsWatched()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('time the player spends with a chunk never counts; only waiting for the network does', async () => {
    const asked = nextRequest();
    const download = fetchWatched(`${host}/uploads/big.mp4`, {});
    await asked;
    const res = held[0]!;
    res.writeHead(200, { 'Content-Type': 'video/mp4' });
    res.write('first;');
    const reader = (await download).body!.getReader();
    expect(new TextDecoder().decode((await readNext(reader)).value)).toBe('first;');
    // The player writes the chunk to a slow card for longer than the stall time while the
    // network keeps sending: the next chunk is there when it asks.
    await vi.advanceTimersByTimeAsync(DOWNLOAD_STALL_MS / 2);
    res.write('second;');
    await vi.advanceTimersByTimeAsync(DOWNLOAD_STALL_MS);
    expect(vi.getTimerCount()).toBe(0);
    expect(new TextDecoder().decode((await readNext(reader)).value)).toBe('second;');
    res.end();
    expect((await readNext(reader)).done).toBe(true);
    expect(downloadsWatched()).toBe(0);
  });

  it('an answer whose body is cancelled, or breaks off, leaves no watch behind', async () => {
    let asked = nextRequest();
    const refused = fetchWatched(`${host}/uploads/gone.mp4`, {});
    await asked;
    held[0]!.writeHead(404, { 'Content-Type': 'text/plain' });
    held[0]!.write('yok');
    await (await refused).body!.cancel();
    expect(downloadsWatched()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);

    asked = nextRequest();
    const broken = fetchWatched(`${host}/uploads/big.mp4`, {});
    await asked;
    held[1]!.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': '1000' });
    held[1]!.write('part;');
    const reader = (await broken).body!.getReader();
    await readNext(reader);
    const failed = readNext(reader).then(() => 'read', () => 'failed');
    held[1]!.destroy();
    expect(await failed).toBe('failed');
    expect(downloadsWatched()).toBe(0);
  });
});
