import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { listRoutes } from '../../../test/fuzz/route-table.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('GET /api/openapi.json', () => {
  it('describes every route the app mounts, and nothing it does not', async () => {
    const res = await t.http.get('/api/openapi.json').expect(200).expect('Content-Type', /application\/json/);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    const mounted = listRoutes(t.app).map((r) => `${r.method} ${r.path}`).filter((k) => !k.startsWith('HEAD '));
    expect(mounted.filter((k) => !documented.includes(k)), 'mounted routes missing from the document (server/src/http/openapi/route-docs.ts)').toEqual([]);
    expect(documented.filter((k) => !mounted.includes(k)), 'documented routes the app does not mount').toEqual([]);
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    const res = await t.http.get('/api/openapi.json').expect(200);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(res.body);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('gives each route its security, parameters, body and the Turkish error shape', async () => {
    const doc = (await t.http.get('/api/openapi.json').expect(200)).body;
    const send = doc.paths['/api/alerts'].post;
    expect(send.security).toEqual([{ userToken: [] }, { apiKey: ['alerts'] }]);
    expect(doc.paths['/api/playlists'].post.security).toEqual([{ userToken: [] }, { apiKey: ['content'] }]);
    expect(doc.paths['/api/api-keys'].post.security).toEqual([{ userToken: [] }]);
    expect(send.requestBody.content['application/json'].example).toMatchObject({ title: 'Yangın tatbikatı' });
    expect(send.requestBody.content['application/json'].schema.properties).toHaveProperty('title');
    expect(send.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(doc.components.schemas.Error.required).toEqual(expect.arrayContaining(['message', 'code']));
    expect(doc.paths['/api/devices/screens'].get.security).toEqual([{ deviceToken: [] }]);
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/screens/{id}'].put.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(doc.paths['/api/reports/plays'].get.parameters.map((p: { in: string }) => p.in)).toContain('query');
  });

  it('answers errors in the shape it documents', async () => {
    const res = await t.http.post('/api/alerts').send({}).expect(401);
    expect(res.body).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.any(String) }));
  });
});

describe('GET /api/docs', () => {
  it('is a page of the document that needs no script and nothing from elsewhere', async () => {
    const res = await t.http.get('/api/docs').expect(200).expect('Content-Type', /text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.text).toContain('Pano API');
    expect(res.text).toContain('<code>/api/alerts</code>');
    expect(res.text).toContain('Yangın tatbikatı');
    expect(res.text).not.toMatch(/<script|https?:\/\/(?!.*\/api\/)/);
  });
});
