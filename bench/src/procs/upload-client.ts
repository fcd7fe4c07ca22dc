// P7 client: one multipart upload of `bytes` bytes, generated on the fly (an MP4 header
// followed by filler), so the client needs neither the memory nor a 1 GB file.
import { request } from 'node:http';
import { serveRpc } from '../lib/serve-rpc.mjs';

const CHUNK = 1024 * 1024;

function mp4Head(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2', 16, 'latin1');
  return ftyp;
}

serveRpc({
  upload: ({ url, path, token, bytes }: { url: string; path: string; token: string; bytes: number }) => new Promise((resolve, reject) => {
    const boundary = `----panobench${Date.now()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBench video\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const start = performance.now();
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
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - start, body: body.slice(0, 300) }));
    });
    req.on('error', reject);
    const filler = Buffer.alloc(CHUNK, 7);
    const first = Buffer.concat([mp4Head(), Buffer.alloc(CHUNK - 24, 7)]);
    let sent = 0;
    req.write(head);
    const pump = () => {
      while (sent < bytes) {
        const n = Math.min(CHUNK, bytes - sent);
        const chunk = (sent === 0 ? first : filler).subarray(0, n);
        sent += n;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  }),
});
