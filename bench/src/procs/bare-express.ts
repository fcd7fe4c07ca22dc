// P5 baseline: the Express hello-world (same Express 5 as Pano).
import express from 'express';
import { createServer } from 'node:http';
import { serveHttp } from '../lib/serve-http.js';

const app = express();
app.get('/', (_req, res) => { res.send('Hello World!'); });
await serveHttp(createServer(app));
