import { z } from 'zod';
import { ZErrorBody } from '@pano/contract';
import { KEY_ROUTES } from '../key-routes.js';
import { ROUTE_DOCS, type RouteDoc, type RouteSecurity } from './route-docs.js';

/*
 * The OpenAPI 3.1 document of the API (docs/CONTRACT.md#openapi), generated from the contract's
 * zod schemas with zod's own JSON Schema generator (z.toJSONSchema, draft 2020-12, which is the
 * dialect OpenAPI 3.1 uses): no second schema library to keep in step with zod 4.
 */

type Json = Record<string, unknown>;

const SECURITY: Record<RouteSecurity, Json[]> = {
  user: [{ userToken: [] }],
  device: [{ deviceToken: [] }],
  deviceOrUser: [{ deviceToken: [] }, { userToken: [] }],
  metrics: [{ metricsToken: [] }, {}],
  public: [],
};

/** A request is read as it arrives (its input), an answer as it is sent (its output). */
const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

const error = (description: string) => ({
  description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The answers every route may give besides its success: the Turkish error shape of docs/CONTRACT.md. */
function errorAnswers(doc: RouteDoc, method: string, path: string): Json {
  const out: Json = {};
  if (doc.body || doc.query || doc.bodyType || path.includes(':')) out['400'] = error('Geçersiz istek (Türkçe açıklama `message` içinde)');
  if (doc.security !== 'public') {
    out['401'] = error('Oturum, anahtar ya da cihaz belirteci yok veya geçersiz');
    out['403'] = error('Bu işlem için yetki yok');
  }
  if (path.includes(':')) out['404'] = error('Kayıt bulunamadı');
  if (method !== 'GET') out['409'] = error('Çakışma');
  out['429'] = error('Çok fazla istek; `Retry-After` başlığı kadar bekleyin');
  out['500'] = error('Sunucu hatası');
  return out;
}

function operation(key: string, doc: RouteDoc): { method: string; path: string; op: Json } {
  const [method, path] = key.split(' ') as [string, string];
  const params = [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (doc.query) {
    const query = schemaOf(doc.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      params.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema: schema as { type: string } });
    }
  }
  const op: Json = {
    // eslint-disable-next-line no-restricted-syntax -- HTTP methods and paths: machine identifiers
    operationId: `${method.toLowerCase()}${path.replace(/[/:{}.-]+(\w?)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: doc.summary,
    tags: [path.split('/')[2] ?? path.split('/')[1] ?? 'pano'],
    // A key's scope as the role it needs (OpenAPI 3.1 lets a non-OAuth scheme list roles).
    security: KEY_ROUTES[key] ? [...SECURITY[doc.security], { apiKey: [KEY_ROUTES[key]] }] : SECURITY[doc.security],
    responses: {
      [doc.status ? String(doc.status) : method === 'POST' && doc.answer ? '201' : '200']: doc.answer
        ? { description: 'Başarılı', content: { 'application/json': { schema: schemaOf(doc.answer, 'output') } } }
        : { description: 'Başarılı' },
      ...errorAnswers(doc, method, path),
    },
  };
  if (params.length) op.parameters = params;
  if (doc.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: schemaOf(doc.body, 'input'), ...(doc.example ? { example: doc.example } : {}) } },
    };
  } else if (doc.bodyType) {
    op.requestBody = { required: true, content: { [doc.bodyType]: { schema: {} } } };
  }
  // eslint-disable-next-line no-restricted-syntax -- an HTTP method, a machine identifier
  return { method: method.toLowerCase(), path: path.replace(/:(\w+)/g, '{$1}'), op };
}

export function buildOpenApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const [key, doc] of Object.entries(ROUTE_DOCS)) {
    const { method, path, op } = operation(key, doc);
    (paths[path] ??= {})[method] = op;
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Pano API',
      version: '1',
      description: 'Pano dijital tabela platformunun HTTP API\'si. Hatalar `{ message, code }` biçimindedir; `message` Türkçedir.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: schemaOf(ZErrorBody, 'output') },
      securitySchemes: {
        userToken: { type: 'http', scheme: 'bearer', description: 'Girişte alınan oturum belirteci' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'API anahtarı (`pano_` ile başlar); yalnızca yetkisinin (scope) açtığı yollarda, her yolun güvenlik bilgisinde adı geçen yetkiyle' },
        deviceToken: { type: 'http', scheme: 'bearer', description: 'Oynatıcının eşleştirmede aldığı cihaz belirteci' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN (ayarlı değilse gerekmez)' },
      },
    },
  };
}

let cached: string | undefined;
/** Built on the first request, not at start: the server's first start stays as fast as before. */
export const openApiJson = (): string => (cached ??= JSON.stringify(buildOpenApiDocument()));
