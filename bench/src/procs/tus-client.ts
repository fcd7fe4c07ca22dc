// P7 (tus), P16 and P17 client: one resumable upload to /api/uploads with tus-js-client, the tus
// project's own client, as a browser would send it (chunks, retries from the server's offset).
// The file is one on disk, or generated on the fly (a tiny clip and filler, lib/filler-mp4.ts).
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Upload, type HttpRequest } from 'tus-js-client';
import { fillerMp4 } from '../lib/filler-mp4.js';
import { serveRpc, wallMs } from '../lib/serve-rpc.mjs';

export type TusSource = { path: string } | { clipPath: string; bytes: number };

export type TusUploadArgs = {
  /** The creation URL, e.g. http://127.0.0.1:1234/api/uploads. */
  endpoint: string;
  token: string;
  name: string;
  filename: string;
  source: TusSource;
  chunkSize: number;
};

export type TusUploadResult = {
  /** The last answer's status and its `Media-Id` (the final PATCH's, when it succeeded). */
  status: number | null;
  mediaId: string | null;
  error: string | null;
  /** On the machine's shared clock (wallMs): the creation request sent, the final answer received. */
  startedAt: number;
  answeredAt: number;
  /** Requests by method, and how many times the client started over after an error. */
  requests: Record<string, number>;
  retries: number;
  retryReasons: string[];
};

/** tus-js-client's file source over a generated file: each chunk a stream of its bytes. */
const generatedReader = {
  async openFile(input: { clipPath: string; bytes: number }) {
    const file = fillerMp4(await readFile(input.clipPath), input.bytes);
    return {
      size: file.size,
      slice: async (start: number, end: number) => {
        const stream = Object.assign(file.read(start, end), { size: Math.min(end, file.size) - start });
        return { value: stream, done: end >= file.size };
      },
      close: () => {},
    };
  },
};

function upload(a: TusUploadArgs): Promise<TusUploadResult> {
  const requests: Record<string, number> = {};
  const retryReasons: string[] = [];
  let last: { status: number; mediaId: string | null } | null = null;
  const startedAt = wallMs();
  return new Promise((resolve) => {
    const done = (error: string | null) => resolve({
      status: last?.status ?? null, mediaId: last?.mediaId ?? null, error, startedAt, answeredAt: wallMs(),
      requests, retries: retryReasons.length, retryReasons,
    });
    const generated = 'clipPath' in a.source;
    const input = 'clipPath' in a.source ? a.source : createReadStream(a.source.path);
    const up = new Upload(input as unknown as Buffer, {
      endpoint: a.endpoint,
      chunkSize: a.chunkSize,
      headers: { authorization: `Bearer ${a.token}` },
      metadata: { filename: a.filename, name: a.name },
      // Right away, then after 1, 3 and 5 s: what a page does; the attempts start over once an upload moves on.
      retryDelays: [0, 1000, 3000, 5000],
      storeFingerprintForResuming: false,
      ...(generated ? { fileReader: generatedReader, fingerprint: async () => 'bench-generated' } : {}),
      onBeforeRequest: (req: HttpRequest) => { requests[req.getMethod()] = (requests[req.getMethod()] ?? 0) + 1; },
      onAfterResponse: (_req, res) => { last = { status: res.getStatus(), mediaId: res.getHeader('Media-Id') ?? null }; },
      onShouldRetry: (err, attempt, options) => {
        const retry = attempt < (options.retryDelays?.length ?? 0)
          && (err.originalResponse === null || [409, 423].includes(err.originalResponse.getStatus()) || err.originalResponse.getStatus() >= 500);
        // tus-js-client's message: "tus: failed to upload chunk at offset N, caused by Error: read ECONNRESET, originated from …".
        if (retry) retryReasons.push(/caused by (?:Error: )?([^,]+)/.exec(err.message)?.[1] ?? err.message.slice(0, 120));
        return retry;
      },
      onSuccess: () => done(null),
      onError: (err) => done(err.message.slice(0, 500)),
    });
    up.start();
  });
}

serveRpc({ upload });
