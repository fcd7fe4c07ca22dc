// P16/P17's proxy in front of the API: what deploy/nginx.conf does to an upload (request bodies
// over PROXY_MAX_BODY_BYTES answered 413, as nginx's client_max_body_size) and, when armed, a
// flaky network (the connection cut at given counts of forwarded body bytes). It counts every
// body byte it hands to the API and notes when each request's body ended, on the shared clock.
// node:http alone: forwarding a request and cutting it at a byte is all it does, and a proxy
// library (http-proxy) would hide the byte count and the cut inside its own piping.
import { Agent, createServer, request } from 'node:http';
import { serveHttp } from '../lib/serve-http.js';
import { wallMs } from '../lib/serve-rpc.mjs';

const target = new URL(process.env.PROXY_TARGET ?? '');
const maxBody = Number(process.env.PROXY_MAX_BODY_BYTES);
if (!target.port || !(maxBody > 0)) throw new Error('PROXY_TARGET and PROXY_MAX_BODY_BYTES are needed');

export type Cut = { at: number; method: string; intoRequest: number; declared: number };
export type BodyEnd = { method: string; bytes: number; at: number; status: number | null };
export type ProxyStats = { forwarded: number; cuts: Cut[]; refused: number; requests: Record<string, number>; bodyEnds: BodyEnd[] };

const agent = new Agent({ keepAlive: true });
let stats: ProxyStats = { forwarded: 0, cuts: [], refused: 0, requests: {}, bodyEnds: [] };
/** Forwarded-byte counts still to cut at, ascending. */
let cutAt: number[] = [];

const http = createServer((req, res) => {
  const method = req.method ?? 'GET';
  stats.requests[method] = (stats.requests[method] ?? 0) + 1;
  const declared = Number(req.headers['content-length'] ?? 0);
  const refuse = () => {
    stats.refused++;
    res.writeHead(413, { 'content-type': 'text/html', connection: 'close' }).end('<html><body><h1>413 Request Entity Too Large</h1></body></html>');
    res.once('finish', () => req.socket.destroy());
  };
  if (declared > maxBody) return refuse();

  const entry: BodyEnd = { method, bytes: 0, at: 0, status: null };
  const up = request({ host: target.hostname, port: target.port, method, path: req.url, headers: req.headers, agent }, (upRes) => {
    entry.status = upRes.statusCode ?? null;
    res.writeHead(upRes.statusCode ?? 502, upRes.headers);
    upRes.pipe(res);
  });
  up.on('error', () => { if (!res.headersSent) res.writeHead(502).end(); else res.destroy(); });
  let received = 0;
  let cut = false;
  req.on('data', (chunk: Buffer) => {
    if (cut) return;
    received += chunk.length;
    if (received > maxBody) {
      up.destroy();
      cut = true;
      return void (res.headersSent ? req.socket.destroy() : refuse());
    }
    let piece = chunk;
    const next = cutAt[0];
    if (next !== undefined && stats.forwarded + chunk.length >= next) piece = chunk.subarray(0, next - stats.forwarded);
    stats.forwarded += piece.length;
    if (piece.length) up.write(piece);
    if (piece !== chunk) {
      // The network goes: both sides of this request lose their connection mid-body.
      cutAt.shift();
      cut = true;
      stats.cuts.push({ at: wallMs(), method, intoRequest: received - chunk.length + piece.length, declared });
      up.destroy();
      req.socket.destroy();
      return;
    }
    if (up.writableNeedDrain) {
      req.pause();
      up.once('drain', () => req.resume());
    }
  });
  req.on('end', () => {
    if (cut) return;
    Object.assign(entry, { bytes: received, at: wallMs() });
    stats.bodyEnds.push(entry);
    up.end();
  });
  req.on('error', () => up.destroy());
});

await serveHttp(http, {
  /** Cuts at these counts of forwarded body bytes from now on; the counters start over. */
  arm: ({ cuts }: { cuts: number[] }) => {
    stats = { forwarded: 0, cuts: [], refused: 0, requests: {}, bodyEnds: [] };
    cutAt = [...cuts].sort((a, b) => a - b);
  },
  stats: (): ProxyStats => stats,
});
