// P7 client: one multipart upload of `bytes` bytes, generated on the fly (a tiny real clip
// followed by filler, lib/filler-mp4.ts), so the client needs neither the memory nor a 1 GB file.
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { fillerMp4 } from '../lib/filler-mp4.js';
import { serveRpc } from '../lib/serve-rpc.mjs';

type Args = { url: string; path: string; token: string; bytes: number; clipPath: string };

serveRpc({
  upload: async ({ url, path, token, bytes, clipPath }: Args) => {
    const file = fillerMp4(await readFile(clipPath), bytes);
    const boundary = `----panobench${Date.now()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBench video\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const start = performance.now();
    return new Promise((resolve, reject) => {
      const req = request(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + bytes + tail.length,
          authorization: `Bearer ${token}`,
        },
      }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => { body += d; });
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - start, body: body.slice(0, 4000) }));
      });
      req.on('error', reject);
      req.write(head);
      pipeline(file.read(0, bytes), req, { end: false }).then(() => req.end(tail), reject);
    });
  },
});
