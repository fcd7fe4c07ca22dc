// P7 baseline: streams the request body to disk, nothing else.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { serveHttp } from '../lib/serve-http.js';

const dir = process.env.BARE_UPLOAD_DIR ?? '/tmp';
let n = 0;
const http = createServer((req, res) => {
  const file = path.join(dir, `bare-upload-${process.pid}-${++n}`);
  pipeline(req, createWriteStream(file)).then(
    async () => { res.writeHead(201).end('{}'); await rm(file, { force: true }); },
    () => res.writeHead(500).end(),
  );
});
await serveHttp(http);
