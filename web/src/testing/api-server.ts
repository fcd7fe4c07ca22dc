import { http, HttpResponse } from 'msw';
import type { HttpResponseResolver, PathParams } from 'msw';
import { setupServer } from 'msw/node';
import { aUser, screenHealthResponse } from './fixtures';

/*
 * The fake API of the web tests (docs/architecture/tests.md#tests): msw intercepts the
 * dashboard's fetch and XMLHttpRequest calls in jsdom, so a test answers as the server would
 * and the api client runs as it does in the browser. The default handlers answer what many
 * pages ask beside their own data; a test adds its own with `apiServer.use(…)`, and
 * `web/src/test-setup.ts` drops them after each test. A request no handler answers fails the
 * test that made it.
 */

/** What many pages ask for beside their own data, answered with contract-valid fixtures. */
const defaultHandlers = [
  // The session check at start (stores/session-store.ts): a signed-in customer.
  http.get('/api/auth/verify', () => HttpResponse.json({ user: aUser() })),
  // The sidebar's account switcher (components/layout/sidebar-account.tsx): the user's one account.
  http.get('/api/accounts', () => HttpResponse.json([{ ...aUser().account }])),
  // The screens page's cards, the sidebar's 'N ekran sorunlu' and the settings' warning time.
  http.get('/api/screens/health', () => HttpResponse.json(screenHealthResponse())),
  // The sidebar's 'Onay Bekleyenler' and 'Bildirimler' counts (components/layout/sidebar-approvals.tsx): none.
  http.get('/api/approvals', () => HttpResponse.json({ approvals: [], pending: 0 })),
  http.get('/api/notifications', () => HttpResponse.json({ notifications: [], unread: 0 })),
  // The dashboard's and the preview's socket (socket.io over a WebSocket) find no server, as
  // in jsdom before: the connection fails here, and no real socket is opened from a worker.
  http.all('/socket.io/', () => HttpResponse.error()),
];

type Worker = { server: ReturnType<typeof setupServer>; unhandled: string[] };
const KEY = Symbol.for('pano.apiServer');
const holder = globalThis as { [KEY]?: Worker };

/**
 * One server per worker, listening from the first test file on: the files share the worker's
 * globals and modules (web/vitest.config.ts `isolate: false`), and a second listen would wrap
 * fetch twice.
 */
function start(): Worker {
  const worker: Worker = { server: setupServer(...defaultHandlers), unhandled: [] };
  worker.server.listen({
    onUnhandledRequest(request, print) {
      const url = new URL(request.url);
      worker.unhandled.push(`${request.method} ${url.pathname}${url.search}`);
      print.error();
    },
  });
  holder[KEY] = worker;
  return worker;
}

const worker = holder[KEY] ?? start();

export const apiServer = worker.server;

/** The requests no handler answered since the last call, and forgets them. */
export function takeUnhandledRequests(): string[] {
  const taken = worker.unhandled;
  worker.unhandled = [];
  return taken;
}

/** One request as tests record it: method, path with query as the page asked, JSON body. */
export type RecordedCall = { method: string; url: string; body: unknown };

async function recordOf(request: Request): Promise<RecordedCall> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  return { method: request.method, url: `${url.pathname}${url.search}`, body: text ? JSON.parse(text) as unknown : undefined };
}

/**
 * A request's headers as a record under the names the page gives them ('Authorization',
 * 'Content-Type'): a Request keeps them in lower case.
 */
export const headersOf = (request: Request): Record<string, string> => Object.fromEntries([...request.headers]
  .map(([name, value]) => [name.replace(/(^|-)([a-z])/g, (_all, dash: string, c: string) => dash + c.toUpperCase()), value]));

/** A request as the (url, init) the page would have given fetch, for tests that record it so. */
export async function fetchCallOf(request: Request): Promise<[string, RequestInit]> {
  const url = new URL(request.url);
  const body = await request.clone().text();
  return [`${url.pathname}${url.search}`, { method: request.method, headers: headersOf(request), body: body || undefined }];
}

/**
 * Records every API request in `calls` and lets it on to the handlers after it (a resolver
 * that answers nothing falls through): first in a test's `apiServer.use(…)`.
 */
export const recordAll = (calls: RecordedCall[]) => http.all('/api/*', async ({ request }) => {
  calls.push(await recordOf(request));
});

/**
 * A resolver that first records its request in `calls`, for a test that asserts what the page
 * sent: `http.put('/api/screens/:id', recorded(calls, () => …))`.
 */
export function recorded<Params extends PathParams<keyof Params> = PathParams>(
  calls: RecordedCall[], resolve: HttpResponseResolver<Params>,
): HttpResponseResolver<Params> {
  return async (info) => {
    calls.push(await recordOf(info.request));
    return await resolve(info);
  };
}

/** Handlers answering each of these lists with none, for what a page asks beside what a test is about. */
export const emptyLists = (...paths: string[]) => paths.map((path) => http.get(path, () => HttpResponse.json([])));

/** The lists the screens page asks for beside the screens themselves (features/screens/screens-page.tsx). */
export const SCREENS_PAGE_LISTS = [
  '/api/screens/now', '/api/playlists', '/api/direction-playlists', '/api/screen-groups', '/api/devices', '/api/devices/presence',
] as const;
