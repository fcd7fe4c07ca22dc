// P5 baseline: the Express hello-world (same Express 5 as Pano).
import express from 'express';
import { serveRpc } from '../lib/serve-rpc.mjs';

const app = express();
app.get('/', (_req, res) => { res.send('Hello World!'); });
const http = app.listen(0, '127.0.0.1');
await new Promise<void>((r) => http.once('listening', r));
const address = http.address();
const port = typeof address === 'object' && address ? address.port : 0;
serveRpc({ info: () => ({ port, url: `http://127.0.0.1:${port}` }) });
process.once('SIGTERM', () => process.exit(0));
