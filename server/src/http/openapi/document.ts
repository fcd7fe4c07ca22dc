import { z } from 'zod';
import { ZApprovalPending, ZErrorBody } from '@pano/contract';
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

const error = (description: string, headers?: Json) => ({
  description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A route's own error: in words (the error shape), or with the schema of its fuller body. */
const ownError = (e: NonNullable<RouteDoc['errors']>[number]) =>
  (typeof e === 'string' ? error(e) : { description: e.description, content: { 'application/json': { schema: schemaOf(e.schema, 'output') } } });

const RETRY_AFTER = { 'Retry-After': { description: 'Kaç saniye sonra yeniden denenebilir', schema: schemaOf(z.number().int().nonnegative(), 'output') } };

/**
 * The answers a route may give besides its success, each in the Turkish error shape of
 * docs/CONTRACT.md, read from what the route is: its parameters and body, who may call it, the
 * guards before it (route-docs.ts says which; openapi.routes.test.ts checks them against the app).
 */
function errorAnswers(key: string, doc: RouteDoc, method: string, path: string): Json {
  const out: Json = {};
  const file = doc.bodyType !== undefined && doc.bodyType !== 'application/json';
  if (doc.body || doc.query || doc.bodyType || path.includes(':')) out['400'] = error('Geçersiz istek (Türkçe açıklama `message` içinde, alanlar `details` içinde)');
  if (doc.security !== 'public') {
    out['401'] = error('Oturum, anahtar ya da cihaz belirteci yok veya geçersiz');
    out['403'] = error('Bu işlem için yetki yok (rol, ekran grubu ya da API anahtarının yetkisi)');
  }
  if (doc.paid || doc.errors?.[402]) out['402'] = doc.errors?.[402] ? ownError(doc.errors[402]) : error('Hesabın etkin bir paketi yok (`PACKAGE_REQUIRED`)');
  if (path.includes(':')) out['404'] = error('Kayıt bulunamadı');
  if (method !== 'GET') {
    const race = 'kayıt aynı anda başka bir istekle değiştirildi, yeniden deneyin';
    out['409'] = error(`Çakışma: ${doc.conflict ? `${doc.conflict}; ya da ${race}` : race}`);
  }
  if (doc.body || doc.bodyType) {
    out['413'] = error(file ? 'Dosya izin verilen boyuttan büyük (`FILE_TOO_LARGE`)' : 'İstek gövdesi 1 MB\'tan büyük (`FILE_TOO_LARGE`)');
  }
  // A JSON body is read as UTF-8 by the JSON parser; a raw one (a payment provider's) is its signer's to check.
  if (file) out['415'] = error('Dosya türü desteklenmiyor ya da dosya okunamadı (`UNSUPPORTED_FILE_TYPE`)');
  else if (doc.body) out['415'] = error('Gövde UTF-8 değil ya da sıkıştırma biçimi desteklenmiyor (`UNSUPPORTED_MEDIA_TYPE`)');
  for (const [status, e] of Object.entries(doc.errors ?? {})) if (status !== '402' && status !== '503') out[status] = ownError(e);
  if (doc.limited || KEY_ROUTES[key]) {
    const why = [doc.limited && 'bu işlem için sınır aşıldı', KEY_ROUTES[key] && 'API anahtarının dakikalık sınırı ya da bu adresten çok fazla geçersiz anahtar'];
    out['429'] = error(`Çok fazla istek (\`RATE_LIMITED\`): ${why.filter(Boolean).join('; ')}. \`Retry-After\` kadar bekleyin`, RETRY_AFTER);
  }
  out['500'] = error('Sunucu hatası (`requestId` ile bildirin)');
  out['503'] = doc.errors?.[503] ? ownError(doc.errors[503]) : error('Veritabanına şu anda ulaşılamıyor (`SERVICE_UNAVAILABLE`)', RETRY_AFTER);
  return out;
}

const json = (schema: z.ZodType) => ({ 'application/json': { schema: schemaOf(schema, 'output') } });

/** The success answers: the contract's schema where it names one, and 202 where an edit waits for approval. */
function successAnswers(doc: RouteDoc): Json {
  const status = String(doc.status ?? 200);
  const content = { ...(doc.answer ? json(doc.answer) : {}), ...(doc.answerType ? { [doc.answerType]: { schema: {} } } : {}) };
  return {
    [status]: { description: 'Başarılı', ...(Object.keys(content).length ? { content } : {}) },
    ...(doc.approval ? { 202: { description: 'Onay akışı açık: değişiklik onaya gönderildi, yayında olan değişmedi', content: json(ZApprovalPending) } } : {}),
  };
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
    responses: { ...successAnswers(doc), ...errorAnswers(key, doc, method, path) },
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
