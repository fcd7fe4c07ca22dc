import escapeHtml from 'escape-html';

/*
 * /api/docs: the OpenAPI document as a plain server-rendered page (docs/CONTRACT.md#openapi).
 * No script and nothing from a CDN: it reads offline and under a CSP that allows no script.
 */

type Json = Record<string, unknown>;
type Operation = { summary?: string; security?: Json[]; parameters?: Json[]; requestBody?: Json; responses?: Json };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const SECURITY_LABEL: Record<string, string> = { userToken: 'Oturum belirteci', apiKey: 'API anahtarı', deviceToken: 'Cihaz belirteci', metricsToken: 'Ölçüm belirteci' };

const pre = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function renderOperation(method: string, path: string, op: Operation): string {
  const who = op.security?.length
    ? op.security.map((s) => SECURITY_LABEL[Object.keys(s)[0] ?? ''] ?? 'belirteçsiz').join(' ya da ')
    : 'Herkese açık';
  const params = (op.parameters ?? []).map((p) => `<li><code>${escapeHtml(String(p.name))}</code> (${escapeHtml(String(p.in))}${p.required ? ', zorunlu' : ''})</li>`).join('');
  const body = op.requestBody as { content?: Record<string, { schema?: unknown; example?: unknown }> } | undefined;
  const [type, media] = Object.entries(body?.content ?? {})[0] ?? [];
  const responses = Object.entries(op.responses ?? {}).map(([code, r]) => {
    const { description, content } = r as { description?: string; content?: Record<string, { schema?: Json }> };
    // Success answers show their schema; every error has the one shape shown at the top.
    const schema = code.startsWith('2') ? content?.['application/json']?.schema : undefined;
    const types = code.startsWith('2') ? Object.keys(content ?? {}).filter((t) => t !== 'application/json') : [];
    return `<li><code>${escapeHtml(code)}</code> ${escapeHtml(String(description ?? ''))}${types.length ? ` (${escapeHtml(types.join(', '))})` : ''}`
      + `${schema ? `<details><summary>Yanıt şeması</summary>${pre(schema)}</details>` : ''}</li>`;
  }).join('');
  const id = `${method}-${path}`.replace(/[^\w-]+/g, '-');
  // eslint-disable-next-line no-restricted-syntax -- an HTTP method, a machine identifier
  const label = method.toUpperCase();
  return `<section class="op" id="${escapeHtml(id)}">
<h3><span class="m ${method}">${label}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary ?? '')} · <em>${escapeHtml(who)}</em></p>
${params ? `<h4>Parametreler</h4><ul>${params}</ul>` : ''}
${type ? `<h4>İstek gövdesi (${escapeHtml(type)})</h4>${media?.example !== undefined ? `<p>Örnek:</p>${pre(media.example)}` : ''}<details><summary>Şema</summary>${pre(media?.schema)}</details>` : ''}
<h4>Yanıtlar</h4><ul>${responses}</ul>
</section>`;
}

export function renderDocsPage(doc: Json): string {
  const info = doc.info as { title: string; description: string };
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const sections = Object.entries(paths)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([path, ops]) => METHODS.filter((m) => ops[m]).map((m) => renderOperation(m, path, ops[m]!)));
  const errorSchema = (doc.components as { schemas: Json }).schemas.Error;
  return `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(info.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2933}
.op{border-top:1px solid #d9e2ec;padding:.5rem 0}
.m{display:inline-block;min-width:4.5rem;font-size:.8rem;padding:.1rem .4rem;border-radius:4px;color:#fff;background:#486581;text-align:center}
.m.get{background:#2f8132}.m.post{background:#1d4ed8}.m.put{background:#b45309}.m.delete{background:#b91c1c}
pre{background:#f0f4f8;padding:.5rem;overflow:auto;font-size:.8rem}
</style></head><body>
<h1>${escapeHtml(info.title)}</h1>
<p>${escapeHtml(info.description)}</p>
<p>Makinece okunur belge: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Hata yanıtı</h2>${pre(errorSchema)}
<h2>Yollar</h2>
${sections.join('\n')}
</body></html>`;
}
