// P13 baseline: a built page (BENCH_STATIC_DIST) served by the server's own mountBuiltApp, as
// the API serves web/dist (precompressed files, the same cache headers), on a bare Express 5 app.
import express from 'express';
import { mountBuiltApp } from '../../../server/src/http/static.js';
import { serveRpc } from '../lib/serve-rpc.mjs';

const dist = process.env.BENCH_STATIC_DIST;
if (!dist) throw new Error('BENCH_STATIC_DIST is not set');
const app = express();
mountBuiltApp(app, '/', dist);
const http = app.listen(0, '127.0.0.1');
await new Promise<void>((r) => http.once('listening', r));
const address = http.address();
const port = typeof address === 'object' && address ? address.port : 0;
serveRpc({ info: () => ({ port, url: `http://127.0.0.1:${port}` }) });
process.once('SIGTERM', () => process.exit(0));
