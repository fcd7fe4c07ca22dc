// P1/P3 baseline: a bare socket.io server with Pano's transport options. POST /change
// broadcasts one pre-built payload (a real Pano config, new version) to every client.
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { serveRpc } from '../lib/serve-rpc.mjs';

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
await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
const address = http.address();
const port = typeof address === 'object' && address ? address.port : 0;

serveRpc({
  info: () => ({ port, url: `http://127.0.0.1:${port}` }),
  setPayload: (config: Record<string, unknown>) => { template = config; },
});
process.once('SIGTERM', () => { void io.close(); process.exit(0); });
