// P13 baseline: a built page (BENCH_STATIC_DIST) served by the server's own mountBuiltApp, as
// the API serves web/dist (precompressed files, the same cache headers), on a bare Express 5 app.
import express from 'express';
import { mountBuiltApp } from '../../../server/src/http/static.js';
import { createServer } from 'node:http';
import { serveHttp } from '../lib/serve-http.js';

const dist = process.env.BENCH_STATIC_DIST;
if (!dist) throw new Error('BENCH_STATIC_DIST is not set');
const app = express();
mountBuiltApp(app, '/', dist);
await serveHttp(createServer(app));
