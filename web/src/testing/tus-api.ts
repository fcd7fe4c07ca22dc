import { http, HttpResponse } from 'msw';
import type { TMedia } from '@pano/contract';
import { apiServer } from './api-server';
import { readyFile } from './fixtures';

/*
 * The fake API's /api/uploads for the web tests: the tus 1.0 answers the server gives
 * (docs/PRODUCT.md#resumable-uploads: creation with Location, HEAD with Upload-Offset, PATCH
 * from the server's offset, Media-Id on the last one, DELETE; an upload naming an item in
 * `replaces` gives that item the new file), over msw like the rest of the
 * fake API (testing/api-server.ts), so tus-js-client runs as it does in the browser. A test
 * can hold a PATCH, have one stored only in part (a connection that broke), or refuse.
 */

type Stored = { length: number; offset: number; name: string; filename: string; bytes: Uint8Array; replaces?: string };

export type TusCall = { method: string; id?: string; filename?: string; offset?: number; size?: number; name?: string; replaces?: string; auth?: string | null };

const decode = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));

function metadataOf(header: string | null): Record<string, string> {
  return Object.fromEntries((header ?? '').split(',').filter(Boolean).map((pair) => {
    const [key = '', value = ''] = pair.trim().split(' ');
    return [key, value ? decode(value) : ''];
  }));
}

const tus = { 'Tus-Resumable': '1.0.0' };

export function tusApi(media: TMedia[]) {
  const uploads = new Map<string, Stored>();
  const calls: TusCall[] = [];
  let next = 0;
  const state = {
    /** Held PATCHes wait for this (`hold`, `release`). */
    gate: null as Promise<void> | null,
    /** The next PATCH of a file (by name) stores only this many of its bytes, as when its connection broke. */
    partial: {} as Record<string, number>,
    /** Creations, or the next PATCH, answer this refusal instead. */
    refuseCreate: null as { status: number; body: unknown } | null,
    refusePatch: null as { status: number; body: unknown } | null,
    /** The next PATCH of these files (by name) fails as a cut network does, with no answer at all. */
    cut: new Set<string>(),
  };
  let open: (() => void) | null = null;
  let holdFrom = 0;
  /** PATCHes from offset `from` on wait for `release()`. */
  const hold = (from = 0) => {
    holdFrom = from;
    state.gate = new Promise<void>((resolve) => (open = resolve));
  };
  const release = () => {
    state.gate = null;
    open?.();
  };

  apiServer.use(
    http.post('/api/uploads', ({ request }) => {
      const meta = metadataOf(request.headers.get('Upload-Metadata'));
      if (state.refuseCreate) {
        calls.push({ method: 'POST', name: meta.name, auth: request.headers.get('Authorization') });
        return HttpResponse.json(state.refuseCreate.body as object, { status: state.refuseCreate.status, headers: tus });
      }
      const id = `up${++next}`;
      calls.push({ method: 'POST', id, name: meta.name, filename: meta.filename, auth: request.headers.get('Authorization'), ...(meta.replaces ? { replaces: meta.replaces } : {}) });
      const length = Number(request.headers.get('Upload-Length'));
      uploads.set(id, { length, offset: 0, name: meta.name ?? '', filename: meta.filename ?? '', bytes: new Uint8Array(length), ...(meta.replaces ? { replaces: meta.replaces } : {}) });
      return new HttpResponse(null, { status: 201, headers: { ...tus, Location: `/api/uploads/${id}` } });
    }),
    http.head('/api/uploads/:id', ({ params, request }) => {
      const id = String(params.id);
      calls.push({ method: 'HEAD', id, auth: request.headers.get('Authorization') });
      const up = uploads.get(id);
      if (!up) return new HttpResponse(null, { status: 404, headers: tus });
      return new HttpResponse(null, { status: 200, headers: { ...tus, 'Upload-Offset': String(up.offset), 'Upload-Length': String(up.length), 'Cache-Control': 'no-store' } });
    }),
    http.patch('/api/uploads/:id', async ({ params, request }) => {
      const id = String(params.id);
      const offset = Number(request.headers.get('Upload-Offset'));
      const body = new Uint8Array(await request.arrayBuffer());
      calls.push({ method: 'PATCH', id, offset, size: body.length, auth: request.headers.get('Authorization') });
      const named = uploads.get(id)?.filename ?? '';
      if (state.cut.delete(named)) return HttpResponse.error();
      if (state.refusePatch) {
        const { status, body: answer } = state.refusePatch;
        state.refusePatch = null;
        return HttpResponse.json(answer as object, { status, headers: tus });
      }
      const gate = state.gate;
      if (gate && offset >= holdFrom) await gate;
      const up = uploads.get(id);
      if (!up) return HttpResponse.json({ message: 'Yükleme bulunamadı', code: 'NOT_FOUND' }, { status: 404, headers: tus });
      if (offset !== up.offset) return HttpResponse.json({ message: 'Yükleme kaldığı yerden sürdürülmeli: sunucudaki konum farklı', code: 'CONFLICT' }, { status: 409, headers: tus });
      const cut = state.partial[up.filename];
      delete state.partial[up.filename];
      const taken = cut === undefined ? body : body.subarray(0, cut);
      up.bytes.set(taken, offset);
      up.offset += taken.length;
      const headers: Record<string, string> = { ...tus, 'Upload-Offset': String(up.offset) };
      if (up.offset === up.length && up.replaces) {
        // docs/PRODUCT.md#replacing-a-file: the same item, now with the new file.
        uploads.delete(id);
        const at = media.findIndex((m) => m._id === up.replaces);
        if (at >= 0) media[at] = { ...media[at]!, filePath: `/uploads/${up.filename}`, size: up.length };
        headers['Media-Id'] = up.replaces;
      } else if (up.offset === up.length) {
        uploads.delete(id);
        const mediaId = `00000000-0000-4000-8000-${String(next).padStart(6, '0')}${String(media.length).padStart(6, '0')}`;
        media.unshift({
          _id: mediaId, name: up.name, filePath: `/uploads/${up.filename}`, mediaType: 'Resim', type: 'image', mimeType: 'image/png',
          size: up.length, width: 1, height: 1, duration: null, createdAt: '2025-01-01T00:00:00Z', ...readyFile,
        });
        headers['Media-Id'] = mediaId;
      }
      return new HttpResponse(null, { status: 204, headers });
    }),
    http.delete('/api/uploads/:id', ({ params, request }) => {
      const id = String(params.id);
      calls.push({ method: 'DELETE', id, auth: request.headers.get('Authorization') });
      if (!uploads.delete(id)) return HttpResponse.json({ message: 'Yükleme bulunamadı', code: 'NOT_FOUND' }, { status: 404, headers: tus });
      return new HttpResponse(null, { status: 204, headers: tus });
    }),
  );
  /** The id the server gave the upload of `filename`. */
  const idOf = (filename: string) => calls.find((c) => c.method === 'POST' && c.filename === filename)?.id;
  /** What happened to one file's upload: [method, offset, bytes] per request. */
  const historyOf = (filename: string) => calls.filter((c) => c.id !== undefined && c.id === idOf(filename)).map((c) => [c.method, c.offset, c.size]);
  return { state, calls, uploads, hold, release, idOf, historyOf };
}
