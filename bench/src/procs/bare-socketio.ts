// P1/P3 baseline: a bare socket.io server with Pano's transport options. POST /change
// broadcasts one pre-built payload (a real Pano config, new version) to every client.
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { serveHttp } from '../lib/serve-http.js';

let template: Record<string, unknown> = {};
let counter = 0;
const http = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/change') {
    const version = `bare-${++counter}`;
    io.emit('screen:config', { screenId: template.screenId, version, config: { ...template, version } });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ version }));
    return;
  }
  res.writeHead(404).end();
});
const io = new Server(http, {
  path: '/socket.io', serveClient: false, transports: ['websocket', 'polling'],
  perMessageDeflate: false, pingInterval: 10_000, pingTimeout: 10_000,
});
await serveHttp(http, { setPayload: (config: Record<string, unknown>) => { template = config; } }, () => { void io.close(); });
