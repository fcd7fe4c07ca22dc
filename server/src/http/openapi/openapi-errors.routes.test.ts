import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestApp } from '../../../test/harness.js';
import { ROUTE_DOCS } from './route-docs.js';

/*
 * The error answers the document gives a route beyond the common ones (docs/CONTRACT.md#openapi)
 * are read from route-docs.ts; these tests hold that table to the app: 402 to the package guard's
 * behaviour, 429 to the limiters in the router stack, 413 and 415 to the body parsers', and each
 * request example to its body's schema.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

type Handler = ((...args: unknown[]) => unknown) & { stack?: Layer[]; resetKey?: unknown; getKey?: unknown };
// The shape of Express 5's router layers (router 2.x) as far as this walk needs it.
type Layer = { route?: { path: unknown; methods: Record<string, boolean>; stack: Layer[] }; handle?: Handler; rawPath?: unknown };

const join = (prefix: string, path: string) => {
  const joined = `${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
};

/**
 * Each route with the handlers a request to it passes, in order: the middleware its routers
 * `use` ahead of it (on its path) and its own. The first route a path matches is the one kept.
 */
function handlerChains(app: Express): Map<string, Handler[]> {
  const chains = new Map<string, Handler[]>();
  const walk = (stack: Layer[], prefix: string, ahead: { path: string; fn: Handler }[]) => {
    const uses = [...ahead];
    for (const layer of stack) {
      const at = join(prefix, typeof layer.rawPath === 'string' ? layer.rawPath : '');
      if (layer.route) {
        if (typeof layer.route.path !== 'string') continue;
        const path = join(prefix, layer.route.path);
        const before = uses.filter((u) => u.path === '/' || path === u.path || path.startsWith(`${u.path}/`)).map((u) => u.fn);
        const chain = [...before, ...layer.route.stack.map((l) => l.handle!)];
        for (const method of Object.keys(layer.route.methods)) {
          const key = `${method.toUpperCase()} ${path}`;
          if (!chains.has(key)) chains.set(key, chain);
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, at, uses);
      } else if (layer.handle) {
        uses.push({ path: at, fn: layer.handle });
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '', []);
  return chains;
}

// express-rate-limit's middleware carries its store's resetKey and getKey.
const isLimiter = (fn: Handler) => typeof fn.resetKey === 'function' && typeof fn.getKey === 'function';

// Limiters a route calls only when the body asks for it (saving a news or weather app fetches it
// first, media.routes.ts): inside a handler, where the stack does not show them.
const BEHIND_A_CONDITION = ['POST /api/media/apps', 'PUT /api/media/:id'];

const keys = Object.keys(ROUTE_DOCS);
const fill = (path: string) => path.replace(/:\w+/g, () => randomUUID());

async function send(method: string, path: string, set: Record<string, string>, body: string | object = {}) {
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return t.http[verb](fill(path)).set(set).send(body);
}

describe('the errors the document gives each route', () => {
  it('429 exactly where a rate limiter stands before the handler', () => {
    const chains = handlerChains(t.app);
    const limited = [...chains].filter(([, chain]) => chain.some(isLimiter)).map(([key]) => key)
      .filter((k) => ROUTE_DOCS[k]).concat(BEHIND_A_CONDITION).sort();
    expect(keys.filter((k) => ROUTE_DOCS[k]!.limited).sort()).toEqual(limited);
  });

  it('402 exactly where a customer without a package is refused for it', async () => {
    const unpaid = await newUser(t);
    const refused: string[] = [];
    // Logging out would end the session the rest of the calls use.
    for (const key of keys.filter((k) => ROUTE_DOCS[k]!.security === 'user' && k !== 'POST /api/auth/logout')) {
      const [method, path] = key.split(' ') as [string, string];
      if ((await send(method, path, unpaid.auth)).status === 402) refused.push(key);
    }
    const paid = keys.filter((k) => ROUTE_DOCS[k]!.paid);
    expect(paid.filter((k) => !refused.includes(k)), 'documented as behind the package guard, but not refused').toEqual([]);
    expect(refused.filter((k) => !paid.includes(k) && !ROUTE_DOCS[k]!.errors?.[402]), 'refused with 402, but the document has no 402').toEqual([]);
  });

  it('413 for a JSON body over 1 MB and 415 for one not in UTF-8, on every route documented with one', async () => {
    const big = JSON.stringify({ text: 'a'.repeat(1024 * 1024 + 1) });
    const wrong: string[] = [];
    for (const key of keys.filter((k) => ROUTE_DOCS[k]!.body || ROUTE_DOCS[k]!.bodyType === 'application/json')) {
      const [method, path] = key.split(' ') as [string, string];
      const tooLarge = await send(method, path, { 'Content-Type': 'application/json' }, big);
      if (tooLarge.status !== 413) wrong.push(`${key}: ${tooLarge.status} for 1 MB`);
      // The payment webhook's raw body is read by its signature, not as text: no 415 for it.
      if (!ROUTE_DOCS[key]!.body) continue;
      const latin = await send(method, path, { 'Content-Type': 'application/json; charset=latin1' }, '{}');
      if (latin.status !== 415) wrong.push(`${key}: ${latin.status} for latin1`);
    }
    expect(wrong).toEqual([]);
  });

  it('every request example is a body its route accepts', () => {
    const refused = keys.filter((k) => ROUTE_DOCS[k]!.example !== undefined)
      .map((k) => [k, ROUTE_DOCS[k]!.body?.safeParse(ROUTE_DOCS[k]!.example)] as const)
      .filter(([, parsed]) => !parsed?.success)
      .map(([k, parsed]) => `${k}: ${parsed?.error?.issues[0]?.message ?? 'no body schema'}`);
    expect(refused).toEqual([]);
  });
});
