import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Response } from 'supertest';
import { createTestApp, grantPackage, newAdmin, newCustomer, newUser, type TestApp, type TestUser } from '../../../test/harness.js';
import { ROUTE_DOCS } from './route-docs.js';

/*
 * The document's answers against the app's (docs/CONTRACT.md#openapi): real requests, each answer
 * checked with the schema the document gives for its status, turned back into a validator by
 * zod's own z.fromJSONSchema. The document's objects are closed (`additionalProperties: false`),
 * so a field the server sends and the document leaves out fails as surely as a missing one.
 */

type Schema = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

let t: TestApp;
let doc: Doc;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ config: { fetchAllowPrivate: true } });
  doc = (await t.http.get('/api/openapi.json').expect(200)).body as Doc;
  owner = await newCustomer(t);
  admin = await newAdmin(t);
});
afterAll(async () => { await t?.close(); });

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** What is wrong with `res` as the document's answer of `METHOD path`, or undefined when nothing is. */
function undocumented(method: string, path: string, res: Response): string | undefined {
  const answer = doc.paths[openApiPath(path)]?.[method.toLowerCase()]?.responses[String(res.status)];
  if (!answer) return `${method} ${path} answered ${res.status}, a status the document does not list`;
  const schema = answer.content?.['application/json']?.schema;
  if (!schema) {
    // JSON without a schema is allowed only where no answer is documented at all.
    return ROUTE_DOCS[`${method} ${path}`]?.answer && res.status < 300 ? `${method} ${path} documents an answer but ${res.status} has none` : undefined;
  }
  // The references to components (the error shape) filled in: the validator sees one schema.
  const whole = JSON.parse(JSON.stringify(schema).replace(/\{"\$ref":"#\/components\/schemas\/(\w+)"\}/g,
    (_m, name: string) => JSON.stringify(doc.components.schemas[name])));
  const parsed = z.fromJSONSchema(whole as z.core.JSONSchema.JSONSchema).safeParse(res.body);
  return parsed.success ? undefined : `${method} ${path} ${res.status}: ${JSON.stringify(parsed.error.issues[0])} in ${JSON.stringify(res.body).slice(0, 300)}`;
}

/** Sends `METHOD path` (its `:name`s filled from `params`) as `who`; `check` off leaves the answer to the caller. */
async function call(who: { auth: Record<string, string> }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object, params: Record<string, string> = {}, check = true) {
  const url = path.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? name);
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  const req = t.http[verb](url).set(who.auth);
  const res = body === undefined ? await req : await req.send(body);
  if (check) expect(undocumented(method, path, res)).toBeUndefined();
  return res;
}

/** `call`, for a request that must succeed. */
async function ok(...args: Parameters<typeof call>) {
  const res = await call(...args);
  expect(res.status, `${args[1]} ${args[2]}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(300);
  return res;
}

// The one JSON answer with no contract schema: the document itself.
const NO_SCHEMA = ['GET /api/openapi.json'];

describe('the document’s answers', () => {
  it('every GET without parameters answers as documented, and each JSON answer has a schema', async () => {
    const gets = Object.keys(ROUTE_DOCS).filter((k) => k.startsWith('GET ') && !k.includes(':') && !NO_SCHEMA.includes(k));
    const wrong: string[] = [];
    const unschemed: string[] = [];
    for (const key of gets) {
      const path = key.slice(4);
      let res = await call(owner, 'GET', path, undefined, {}, false);
      // Platform administrators' routes: asked again as one.
      if (res.status === 403) res = await call(admin, 'GET', path, undefined, {}, false);
      const problem = undocumented('GET', path, res);
      if (problem) wrong.push(problem);
      if (res.status === 200 && /json/.test(String(res.headers['content-type'])) && !ROUTE_DOCS[key]?.answer) unschemed.push(key);
    }
    expect(wrong).toEqual([]);
    expect(unschemed, 'GET routes answering JSON without an `answer` in route-docs.ts').toEqual([]);
  });

  it('what a building system sends and reads answers as documented', async () => {
    const screen = (await ok(owner, 'POST', '/api/screens', { name: 'Giriş holü' })).body as { _id: string };
    expect(screen._id).toBeTruthy();
    await ok(owner, 'PUT', '/api/screens/:id', { timezone: 'Europe/Istanbul' }, { id: screen._id });
    await ok(owner, 'GET', '/api/screens/:id/usage', undefined, { id: screen._id });
    await ok(owner, 'GET', '/api/screens/:id/now', undefined, { id: screen._id });
    await ok(owner, 'GET', '/api/screens/:id/config', undefined, { id: screen._id });
    const group = (await ok(owner, 'POST', '/api/screen-groups', { name: 'Acil servis', screenIds: [screen._id] })).body as { _id: string };
    await ok(owner, 'GET', '/api/screen-groups/:id/usage', undefined, { id: group._id });

    const app = (await ok(owner, 'POST', '/api/media/apps', ROUTE_DOCS['POST /api/media/apps']!.example as object)).body as { _id: string };
    await ok(owner, 'PUT', '/api/media/:id', { name: 'Lobi saati 2' }, { id: app._id });
    await ok(owner, 'GET', '/api/media/:id/usage', undefined, { id: app._id });
    const playlist = (await ok(owner, 'POST', '/api/playlists', { name: 'Lobi', mediaItems: [{ media: app._id, duration: 10 }] })).body as { _id: string };
    await ok(owner, 'PUT', '/api/playlists/:id', { mediaItems: [{ media: app._id, duration: 20 }] }, { id: playlist._id });
    await ok(owner, 'GET', '/api/playlists/:id/usage', undefined, { id: playlist._id });
    const ticker = (await ok(owner, 'POST', '/api/direction-playlists', { name: 'Duyurular', directions: [{ text: 'Hoş geldiniz' }] })).body as { _id: string };
    await ok(owner, 'GET', '/api/direction-playlists/:id/usage', undefined, { id: ticker._id });
    const schedule = (await ok(owner, 'POST', '/api/schedules', { ...ROUTE_DOCS['POST /api/schedules']!.example as object, playlist: playlist._id, groups: [group._id] })).body as { _id: string };
    await ok(owner, 'PUT', '/api/schedules/:id', { ...ROUTE_DOCS['POST /api/schedules']!.example as object, playlist: playlist._id, groups: [], screens: [screen._id] }, { id: schedule._id });

    const alert = (await ok(owner, 'POST', '/api/alerts', ROUTE_DOCS['POST /api/alerts']!.example as object)).body as { _id: string };
    await ok(owner, 'GET', '/api/alerts/:id', undefined, { id: alert._id });
    await ok(owner, 'DELETE', '/api/alerts/:id', undefined, { id: alert._id });
    const template = (await ok(owner, 'POST', '/api/alert-templates', ROUTE_DOCS['POST /api/alert-templates']!.example as object)).body as { _id: string };
    const sent = (await ok(owner, 'POST', '/api/alert-templates/:id/send', { groups: [group._id] }, { id: template._id })).body as { _id: string };
    await ok(owner, 'DELETE', '/api/alerts/:id', undefined, { id: sent._id });

    const key = (await ok(owner, 'POST', '/api/api-keys', ROUTE_DOCS['POST /api/api-keys']!.example as object)).body as { _id: string; key: string };
    expect(key.key).toMatch(/^pano_/);
    const hook = (await ok(owner, 'POST', '/api/webhooks', { url: 'http://127.0.0.1:9/pano', events: ['screen.offline'] })).body as { _id: string };
    await ok(owner, 'GET', '/api/webhooks/:id/deliveries', undefined, { id: hook._id });
    await ok(owner, 'DELETE', '/api/webhooks/:id', undefined, { id: hook._id });
    await ok(owner, 'DELETE', '/api/api-keys/:id', undefined, { id: key._id });

    await ok(owner, 'DELETE', '/api/schedules/:id', undefined, { id: schedule._id });
    await ok(owner, 'DELETE', '/api/direction-playlists/:id', undefined, { id: ticker._id });
    await ok(owner, 'DELETE', '/api/playlists/:id', undefined, { id: playlist._id });
    await ok(owner, 'DELETE', '/api/media/:id', undefined, { id: app._id });
    await ok(owner, 'DELETE', '/api/screen-groups/:id', undefined, { id: group._id });
    await ok(owner, 'DELETE', '/api/screens/:id', undefined, { id: screen._id });
  });

  it('sign-in, the team and a player answer as documented', async () => {
    const me = await newCustomer(t);
    const anyone = { ...me, auth: {} };
    await ok(anyone, 'POST', '/api/auth/login', { email: me.email, password: 'secret123' });
    await ok(anyone, 'POST', '/api/auth/register', { email: `yeni-${me.id.slice(0, 8)}@test.pano`, password: 'Yeni-parola-123' });
    await ok(anyone, 'POST', '/api/auth/forgot-password', { email: me.email });
    await ok(me, 'POST', '/api/notifications/read');
    await ok(me, 'PUT', '/api/team', { name: 'Merkez Hastanesi' });
    await ok(me, 'PUT', '/api/team/settings', { approvalRequired: false });
    const invited = (await ok(me, 'POST', '/api/team/invitations', { email: `davet-${me.id.slice(0, 8)}@test.pano`, role: 'viewer' })).body as { _id: string };
    await ok(me, 'DELETE', '/api/team/invitations/:id', undefined, { id: invited._id });
    await ok(me, 'PUT', '/api/settings/health', { warnMinutes: 10 });

    const screen = (await ok(me, 'POST', '/api/screens', { name: 'Kasa' })).body as { _id: string };
    const { mobileCode } = await t.ctx.db.purchase.findFirstOrThrow({ where: { userId: me.id } });
    const paired = (await ok(anyone, 'POST', '/api/devices/pair', { mobileCode, name: 'Kasa TV' })).body as { deviceToken: string; deviceId: string };
    const device = { ...me, auth: { Authorization: `Bearer ${paired.deviceToken}` } };
    await ok(device, 'GET', '/api/devices/screens');
    await ok(device, 'PUT', '/api/devices/screen', { screenId: screen._id });
    await ok(me, 'PUT', '/api/devices/:id', { name: 'Kasa ekranı' }, { id: paired.deviceId });
    await ok(me, 'DELETE', '/api/devices/:id', undefined, { id: paired.deviceId });
  });

  it('errors answer in the documented shape, with the statuses the document lists', async () => {
    const stranger = await newCustomer(t);
    await call(stranger, 'GET', '/api/screens/:id/usage', undefined, { id: '00000000-0000-4000-8000-000000000000' });
    await call(stranger, 'POST', '/api/screens', {});
    const unpaid = await newUser(t);
    const res = await call(unpaid, 'GET', '/api/screens');
    expect(res.status).toBe(402);
    // A package granted again lets the same person in: the 402 above was the package's.
    await grantPackage(t, unpaid.id);
    expect((await call(unpaid, 'GET', '/api/screens')).status).toBe(200);
  });

  it('a wrong `answer` in the table fails the check', () => {
    const screens = doc.paths['/api/screens']!.get!.responses['200']!.content!['application/json']!.schema!;
    const check = z.fromJSONSchema(screens as z.core.JSONSchema.JSONSchema);
    expect(check.safeParse([{ _id: 'x' }]).success).toBe(false);
    expect(check.safeParse([]).success).toBe(true);
  });
});
